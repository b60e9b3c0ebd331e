// The app sits inside the normwave repository (build/consumers/next), whose lockfile Turbopack
// would otherwise take for the workspace root. normwave itself needs no setting.
export default { turbopack: { root: import.meta.dirname } };
