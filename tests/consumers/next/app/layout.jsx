// The root layout of the Next.js consumer app (tests/browser/next.test.mjs).
export const metadata = { title: 'normwave in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
