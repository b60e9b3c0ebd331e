// 한국어 문자열 — 페이지와 모든 그림 요소가 보여 주는 글은 여기(와 en.js)에만 있습니다.
// 값 안의 {name}은 실행 중에 채워집니다. page.* 의 HTML은 우리가 쓴 정적 문자열입니다.
export default {
  // ── 공통 ──
  'common.loading': 'WebAssembly 커널을 불러오는 중…',
  'common.loadError': '계산 모듈을 불러오지 못했습니다: {message}',
  'common.noSimd':
    '이 브라우저는 WebAssembly SIMD를 지원하지 않습니다. Chrome/Edge 91+, Firefox 89+, Safari 16.4+에서 열어 주세요.',
  'common.noWasm':
    '이 브라우저는 WebAssembly를 실행하지 않아(iOS 차단 모드처럼 꺼져 있음) 이 그림을 계산할 수 없습니다. 이 사이트에서 허용하거나 다른 브라우저에서 열어 주세요.',
  'common.parityRunning': 'PyTorch 대조 중…',
  'common.parityOk': 'PyTorch 대조 ✓ 최대 오차 {error} (허용 {tolerance})',
  'common.parityBad': 'PyTorch 대조 ✗ 최대 오차 {error} (허용 {tolerance})',
  'common.parityError': 'PyTorch 대조 실패: {message}',
  'common.parityUnavailable': 'PyTorch 대조 생략: 기준 텐서 파일을 찾지 못함',
  // ── 공유·임베드·저장 메뉴 (모든 그림) ──
  'share.button': '공유 · 임베드 · 저장',
  'share.panel': '이 그림 공유, 임베드, 저장',
  'share.script': '스크립트 태그 복사',
  'share.iframe': 'iframe 코드 복사',
  'share.link': '이 그림 링크 복사',
  'share.svg': 'SVG로 저장',
  'share.png': 'PNG로 저장',
  'share.copied': '{what}: 복사했습니다 (현재 상태 포함).',
  'share.copyByHand': '클립보드를 쓸 수 없습니다. 아래 글을 직접 복사하세요.',
  'share.saved': '{name} 파일로 저장했습니다.',
  'share.saveFailed': '저장하지 못했습니다: {message}',
  'share.article': '본문의 이 그림 링크 복사',
  'share.codepen': 'CodePen에서 열기',
  'share.codepenOpened': '새 탭의 CodePen으로 보냈습니다. 펜을 저장하면 스크립트를 못 쓰는 곳에 붙일 링크가 생깁니다.',
  'share.codepenRefused':
    '이 페이지의 보안 정책이 CodePen으로 보내기를 막습니다. 아래 스크립트 태그를 새 펜의 HTML에 붙이세요.',
  'share.downloadStarted':
    '{name} 내려받기를 시작했습니다. 보이지 않으면 이 프레임이 막은 것이니 아래 그림을 메뉴로 저장하세요.',
  'share.downloadBlocked':
    '이 프레임은 내려받기를 막아 저장하지 못했습니다. 아래 그림을 메뉴(오른쪽 클릭, 길게 누르기)로 저장하세요.',
  'share.openPage': '그림 페이지 열기',
  // ── embed.html (그림 하나만 보여 주는 페이지) ──
  'embed.unknown': '“{fig}”이라는 normwave 그림은 없습니다.',
  'embed.title': '{title} · normwave',
  'pe.layout': '배치 방식',
  'pe.layout.interleaved': '교차 sin·cos',
  'pe.layout.concat': '연결 [sin｜cos]',

  // ── 페이지 ──
  'page.title': '위치 인코딩과 레이어 정규화, 그리고 인코더',
  'page.subtitle':
    '트랜스포머가 순서를 아는 방법과 깊은 층을 안정시키는 방법을, 브라우저 안에서 C++ 커널(WebAssembly SIMD)로 직접 계산하며 살펴봅니다.',
  'page.meta': '모든 숫자와 그림은 지금 이 브라우저에서 계산됩니다 · normwave {version}',
  'page.langSwitch': 'English',
  'page.themeLabel': '테마',
  'page.theme.auto': '시스템',
  'page.theme.light': '밝게',
  'page.theme.dark': '어둡게',
  'page.toc': '차례',
  'page.formulaLabel': '수식 (옆으로 스크롤)',
  'page.skip': '본문으로 건너뛰기',
  'page.partA': 'Part A · 위치 인코딩',
  'page.partB': 'Part B · 레이어 정규화',
  'page.partC': 'Part C · 트랜스포머 인코더',
  'page.noSimd':
    '이 브라우저에서는 WebAssembly SIMD를 쓸 수 없어 그림이 계산되지 않습니다. Chrome/Edge 91+, Firefox 89+, Safari 16.4+에서 열어 주세요.',
  'page.footer':
    'normwave — 수식은 KaTeX, 계산은 xsimd로 쓴 C++ 커널을 Emscripten으로 컴파일한 WebAssembly SIMD 모듈이 맡습니다. 코드와 테스트는 저장소에 있습니다.',
  'page.description':
    '트랜스포머의 위치 인코딩(sin·cos, RoPE, ALiBi)과 레이어 정규화(LayerNorm, RMSNorm, Pre-LN)를 수식과 움직이는 그림으로 설명합니다. 모든 숫자는 브라우저 안에서 WebAssembly SIMD로 계산됩니다.',
  'page.noWasmCsp':
    "이 페이지의 Content-Security-Policy가 WebAssembly 컴파일을 막고 있어 그림이 계산되지 않습니다(script-src에 'wasm-unsafe-eval'이 필요합니다). 브라우저의 SIMD 지원 문제는 아닙니다.",
  'page.island':
    '인터랙티브 그림 — 이곳까지 스크롤하면 브라우저에서 WebAssembly 커널로 계산해 그립니다(JavaScript 필요).',
  'page.ogImageAlt': '위치 인코딩 표를 색으로 칠한 히트맵: 가로는 임베딩 차원, 세로는 위치입니다.',
  'page.refs.title': '참고 문헌',
  'page.refs.note':
    '이 글이 인용한 모든 자료입니다. 본문의 인용은 이곳으로 연결되고, 포인터를 올리거나 초점을 두면 항목이 나타납니다.',
  'page.refs.blog': '[블로그 글]',
  'page.refs.forum': '[포럼 글]',
  'page.figure.title': '{title} · normwave',
  'page.figure.inArticle': '본문에서 이 그림 읽기',
  'page.figure.imageAlt': '기본 설정의 “{title}” 그림',
  'page.figure.noscript': '이 그림은 자바스크립트가 계산하고 그립니다. 기본 설정에서 그린 그림을 대신 보여 드립니다:',
  'page.figure.embedTitle': '내 글에 이 그림 넣기',
  'page.figure.embedBody':
    '<p>이 페이지의 링크를 Notion, Medium, Ghost, Slack, Discord에 붙이세요. 임베드를 지원하는 곳에서는 살아 움직이는 그림이, 그 밖의 곳에서는 그림 사진이 담긴 카드가 나타납니다. 스크립트를 넣을 수 있는 글(티스토리 HTML 모드, 워드프레스 사용자 정의 HTML 블록, Hugo, Jekyll)에는 스크립트 태그를, iframe을 넣을 수 있는 글에는 iframe을 붙이세요. 둘 다 안 되는 곳(velog, Medium)에서는 그림의 공유 메뉴에서 CodePen으로 열어 펜을 저장한 뒤 펜 링크를 붙이세요. 그림 아래 공유 메뉴는 이 모두를 그림의 현재 설정 그대로 복사합니다.</p>',
  'page.figure.scriptLabel': '스크립트 태그 (기본 설정의 그림)',
  'page.figure.iframeLabel': 'iframe',

  's1.title': '왜 위치 정보가 필요한가',
  's1.body':
    '<p>셀프 어텐션은 문장의 모든 토큰을 한꺼번에 봅니다. 병렬로 계산할 수 있어 빠르지만, 그 대가로 <strong>토큰의 순서를 전혀 구별하지 못합니다</strong>. 어텐션은 토큰 쌍의 유사도만 계산하므로, 입력 행의 순서를 바꾸면 출력 행도 똑같이 자리만 바뀔 뿐 값은 그대로입니다(순열 등변성).</p><p>“작은 고양이의 집”과 “고양이의 작은 집”은 같은 단어로 되어 있지만 작은 것이 고양이인지 집인지가 다릅니다. 어텐션에게는 둘 다 같은 단어 주머니입니다. 한국어는 조사가 역할을 알려 주니 순서가 덜 중요해 보이지만, 조사도 결국 토큰이라 “고양이 가 개 를 쫓는다”와 “개 가 고양이 를 쫓는다”는 같은 토큰 주머니가 되고, 어느 조사가 어느 명사에 붙었는지는 순서로만 알 수 있습니다. 그래서 트랜스포머는 각 위치마다 고유한 벡터 PE(pos)를 임베딩에 더해 순서를 알려 줍니다.</p>',
  's1.figNote':
    '아래 그림은 무작위 가중치의 실제 인코더를 한 문장과 그 순열에 대해 실행합니다. PE가 없으면 두 출력은 행 순서만 다른 같은 집합이고, PE를 더하면 달라집니다.',

  's2.title': 'sin·cos 공식 뜯어보기',
  's2.intro':
    '<p>「Attention Is All You Need」(<a data-cite="vaswani2017"></a>)가 제안한 위치 인코딩은 파라미터가 하나도 없는 공식입니다.</p>',
  's2.symbols':
    '<dl class="symbols"><dt>pos</dt><dd>시퀀스 안에서 토큰의 위치 (0, 1, …, seq_len − 1)</dd><dt>i</dt><dd>sin·cos 쌍의 번호 (0, 1, …, d_model/2 − 1). 차원 2i에는 sin, 2i+1에는 cos이 들어갑니다.</dd><dt>d_model</dt><dd>임베딩 차원 수 (BERT-base 768, GPT-3 12288)</dd><dt>10000</dt><dd>파장의 범위를 정하는 상수. 파장은 2π(i=0)에서 약 10000·2π(마지막 쌍)까지 기하급수적으로 늘어납니다.</dd></dl>',
  's2.body':
    '<p>한 위치의 PE는 d_model개의 숫자로 된 벡터이고, 쌍마다 주파수가 다릅니다. i가 작은 쌍은 위치가 한 칸만 바뀌어도 크게 변하는 <strong>고주파</strong>이고, i가 큰 쌍은 수천 칸에 걸쳐 천천히 변하는 <strong>저주파</strong>입니다.</p>',
  's2.callout':
    '<strong>이진수에 빗대면</strong> — 1의 자리는 한 칸마다 바뀌고 1000의 자리는 천천히 바뀌듯, 고주파 차원은 이웃한 위치를 가르는 세밀한 지문이 되고 저주파 차원은 멀리 떨어진 위치를 가르는 큰 눈금이 됩니다. 다만 PE의 “자릿수”는 0/1이 아니라 연속적인 파동입니다.',
  's2.sum':
    '<strong>PE를 이어 붙이지 않고 더하는 이유</strong> — [임베딩 | PE]로 이어 붙이면 토큰 벡터와 그 뒤의 모든 가중치 행렬이 위치에 준 너비만큼 넓어지고, 그 너비를 단어와 위치에 어떻게 나눌지도 미리 정해야 합니다. 더하면 d_model이 그대로입니다. 대신 단어와 위치가 같은 숫자를 나눠 씁니다. <a data-cite="kazemnejad2019">Kazemnejad(2019)</a>는 이 선택을 이렇게 설명합니다: 더하면 이어 붙일 때 드는 파라미터를 아끼고, 단어 임베딩은 PE가 더해진 상태로 학습되므로 학습 과정에서 위치 신호가 강한 곳을 피해 단어 정보를 둘 수 있습니다. 그곳이 어디인지는 아래 히트맵이 보여 줍니다. 한 문장 길이 안에서 PE는 앞쪽의 고주파 차원에서 크게 변하고, 뒤쪽 차원에서는 거의 변하지 않습니다.',

  's3.title': 'PE 행렬을 히트맵으로',
  's3.body':
    '<p>PE 표 전체 [seq_len × d_model]를 색으로 칠하면 구조가 한눈에 보입니다. 가로축은 임베딩 차원, 세로축은 위치입니다. 왼쪽 열(고주파)은 촘촘한 줄무늬, 오른쪽 열(저주파)은 거의 변하지 않는 띠가 됩니다. 아래에서 d_model을 1024, seq_len을 2048까지 늘려 보세요. 표는 슬라이더를 움직일 때마다 새로 계산됩니다. 히트맵에 포인터를 올리면 앞의 파형 그림과 뒤의 성질 그림이 같은 위치와 쌍을 따라갑니다.</p>',

  's4.title': 'sin·cos를 고른 네 가지 이유',
  's4.p1':
    '<h3>① 유계성: 모든 값이 [−1, 1]</h3><p>sin과 cos은 결코 ±1을 넘지 않으므로, 임베딩에 더해도 특정 위치의 값이 폭주하지 않습니다. 위치에 비례하는 값(pos 그 자체)이나 지수 함수를 썼다면 긴 문장에서 값이 커져 학습을 흔들었을 것입니다.</p>',
  's4.p2':
    '<h3>② 결정론적 고유성: 위치마다 다른 패턴</h3><p>주파수가 서로 다른 수백 개의 파동을 동시에 보므로 서로 다른 두 위치가 같은 벡터를 갖는 일은 실질적으로 없습니다. 공식으로 만들기 때문에 학습할 파라미터도 0개입니다.</p>',
  's4.p3':
    '<h3>③ 상대 위치: 선형 변환 하나로 k칸 이동</h3><p>덧셈 정리 덕분에 PE(pos+k)는 pos와 무관하고 k에만 의존하는 회전 행렬 M<sub>k</sub>로 PE(pos)에서 얻을 수 있습니다. <a data-cite="vaswani2017">Vaswani 등</a>은 이 성질 덕분에 모델이 상대 위치로 주목하는 법을 쉽게 배울 것이라는 가설에서 sin·cos를 골랐습니다. 논문이 실험으로 보인 결과가 아니라 가설로 적은 것입니다. 같은 회전을 Q·K에 직접 적용한 것이 RoPE(<a data-cite="su2021"></a>)입니다.</p>',
  's4.p4':
    '<h3>④ 외삽: 학습보다 긴 문장에도 값이 정의됨</h3><p>공식이므로 학습 때 최대 길이가 512였더라도 pos = 600의 PE를 계산할 수 있습니다. 성능이 유지된다는 보장은 없지만, 표를 학습하는 방식은 그 위치에 대한 값 자체가 없습니다.</p>',
  's4.addition': '덧셈 정리 — 상대 위치 표현의 근거',

  's5.title': '고정형 PE, 학습형 PE, RoPE·ALiBi',
  's5.body':
    '<p>원래 트랜스포머의 sin·cos 방식 말고도 위치를 알려 주는 방법은 여럿입니다. BERT(<a data-cite="devlin2019"></a>)와 GPT-2·3(<a data-cite="radford2019"></a>; <a data-cite="brown2020"></a>)는 위치별 벡터를 파라미터로 학습했습니다. 원 논문도 학습형 위치 벡터를 시험했는데, 두 방식의 결과가 거의 같았습니다(<a data-cite="vaswani2017">Vaswani 등</a>의 표 3, E행). 최근 LLM 가운데 많은 수는 RoPE(<a data-cite="su2021"></a>)나 ALiBi(<a data-cite="press2022"></a>)처럼 어텐션 안에서 상대 위치를 다룹니다.</p>',
  's5.callout':
    '<strong>요즘 흔한 선택, RoPE</strong> — LLaMA(<a data-cite="touvron2023"></a>), Gemma(<a data-cite="gemma2024"></a>) 등이 RoPE(Rotary Position Embedding)를 씁니다. Q와 K 벡터를 위치에 비례한 각도로 회전시키면 둘의 내적이 두 위치의 차이에만 의존하게 되어, 상대 위치가 어텐션 점수에 자연스럽게 들어갑니다. 다만 RoPE만으로 학습 길이보다 긴 문맥이 잘 되는 것은 아닙니다. 학습 때 보지 못한 회전 각도가 나오는 길이부터는 성능이 떨어지는 것이 보통이고, 수만 토큰의 긴 문맥은 긴 데이터로 더 학습하거나 위치를 줄여 넣는 방법과 함께 쓸 때 얻어집니다: 위치 보간(<a data-cite="chen2023"></a>), 주파수 기저를 조정하는 NTK-aware 스케일링(처음 소개된 곳은 포럼 글, <a data-cite="bloc97-2023"></a>), YaRN(<a data-cite="peng2023"></a>).',

  's6.title': '왜 정규화가 필요한가',
  's6.body':
    '<p>층을 수십 개(GPT-3은 96층, <a data-cite="brown2020"></a>) <strong>그냥</strong> 이어 쌓으면, 즉 한 층의 출력이 다음 층의 유일한 입력이면, 각 층을 지날 때마다 활성값의 크기가 조금씩 커지거나 작아지고 그 효과가 곱해져 <strong>폭발하거나 사라집니다</strong>. 아래 그림이 바로 그런 단순한 스택(잔차 연결이 없는 무작위 선형 층들, 즉 MLP)이고, 이 현상을 순전파 값에서 잽니다. 그림의 역전파 보기는 같은 층들을 거꾸로 지나며 같은 방식으로 곱해지는 기울기(gradient)를 잽니다.</p><p>트랜스포머는 이런 단순한 스택이 아닙니다. 잔차 연결이 각 서브레이어의 출력을 다음 층에만 넘기지 않고 흐름(stream)에 더해 나가므로, 곱이 쌓이는 것을 막는 것은 바로 이 잔차 경로입니다. 그래도 흐름의 크기는 깊이에 따라 자랄 수 있습니다. <a data-xref="s15"></a>의 Pre-LN 그림은 그 노름이 층마다 커지는 것을 잽니다. 거기서 정규화는 각 서브레이어의 입력 크기를 일정하게 맞추는 일을 합니다.</p><p>배치 정규화 논문(<a data-cite="ioffe2015"></a>)은 앞 층의 가중치가 바뀔 때마다 다음 층이 받는 입력 분포가 달라지는 현상(내부 공변량 이동)을 줄이는 것이 정규화의 효과라고 설명했습니다. 이 설명은 아직 논쟁 중입니다. <a data-cite="santurkar2018">Santurkar 등(2018)</a>은 배치 정규화가 도움이 되는 까닭이 공변량 이동을 줄여서라기보다 손실 지형을 더 매끄럽게 만들기 때문이라고 주장했습니다. 아래의 단순한 스택에서는 층마다 정규화해 활성값을 평균 0, 분산 1로 되돌리는 것이 크기가 곱해져 쌓이는 것을 끊습니다.</p>',
  's7.title': 'μ · σ · γ · β 공식',
  's7.body':
    '<p>레이어 정규화(<a data-cite="ba2016"></a>)는 <strong>한 토큰의 벡터 안에서</strong>, 즉 H = d_model개의 특징에 걸쳐 평균과 분산을 구합니다. 평균을 빼서 중심을 맞추고, 표준편차로 나눠 크기를 맞춘 다음, 학습되는 γ와 β로 모델이 원하는 크기와 위치를 다시 정하게 합니다.</p>',
  's7.symbols':
    '<dl class="symbols"><dt>H</dt><dd>정규화하는 특징 수, 보통 d_model (768, 4096 …)</dd><dt>μ, σ²</dt><dd>그 벡터의 평균과 H로 나눈 분산(모분산) — 토큰마다 스칼라 하나씩</dd><dt>ε</dt><dd>0으로 나누지 않도록 더하는 작은 수 (1e-5, 1e-6)</dd><dt>γ, β</dt><dd>특징마다 하나씩 학습되는 스케일과 이동 (H개씩). γ = 1, β = 0이면 순수한 표준화입니다.</dd></dl>',
  's7.callout':
    '<strong>γ와 β가 필요한 이유</strong> — 정규화만 하면 모든 층의 출력이 평균 0, 분산 1로 고정됩니다. 고정되는 것은 이 두 수뿐이고, 분포의 모양(치우침, 두꺼운 꼬리, 봉우리 여럿)은 그대로 남으므로 입력이 정규분포가 아니면 결과도 정규분포가 아닙니다. 층마다 알맞은 평균과 크기는 다를 수 있으므로, γ와 β가 모델에게 그것을 되돌릴 자유를 줍니다.',
  's8.title': '레이어 정규화 시뮬레이터',
  's8.body': '<p>입력 분포의 평균과 표준편차, γ와 β를 바꾸며 정규화 전후의 분포를 비교합니다.</p>',
  's9.title': '배치 정규화와 레이어 정규화',
  's9.body':
    '<p>트랜스포머 이전에는 배치 정규화(BN, <a data-cite="ioffe2015"></a>)가 표준이었습니다. 둘의 차이는 <strong>어느 축으로 통계를 내느냐</strong>입니다. BN은 배치 안의 여러 샘플에서 같은 특징끼리(열 방향), LN은 한 샘플 안의 모든 특징에 걸쳐(행 방향) 평균과 분산을 구합니다.</p>',
  's9.th.aspect': '구분',
  's9.th.bn': '배치 정규화',
  's9.th.ln': '레이어 정규화',
  's9.r1': '정규화 축',
  's9.r1.bn': '배치 차원 N (CNN에서는 공간 차원도)',
  's9.r1.ln': '특징 차원 H — 한 샘플 안',
  's9.r2': '통계량',
  's9.r2.bn': '같은 특징의 배치 전체 평균·분산',
  's9.r2.ln': '같은 샘플의 모든 특징 평균·분산',
  's9.r3': '배치 의존성',
  's9.r3.bn': '강함 — 배치가 작으면 불안정',
  's9.r3.ln': '없음 — 샘플 하나도 그대로 처리',
  's9.r4': '추론 시 동작',
  's9.r4.bn': '학습 중 모은 이동 평균 사용 (학습과 추론이 다름)',
  's9.r4.ln': '학습과 똑같이 계산',
  's9.r5': 'RNN·트랜스포머',
  's9.r5.bn': '부적합 — 시퀀스 길이 변화에 약함',
  's9.r5.ln': '적합 — 토큰마다 독립적으로 정규화',
  's9.r6': '주 사용처',
  's9.r6.bn': 'CNN 이미지 모델 (ResNet, <a data-cite="he2016"></a>)',
  's9.r6.ln': '트랜스포머, RNN, BERT, GPT',
  's10.title': '코드로 확인하기: PyTorch와 C++',
  's10.prepost':
    '<strong>Pre-LN과 Post-LN</strong> — 원래 트랜스포머는 서브레이어 → 잔차 더하기 → LayerNorm 순서(Post-LN)였습니다. GPT-2가 LayerNorm을 각 서브레이어의 입력 쪽으로 옮겼고(<a data-cite="radford2019"></a>), GPT-3과 LLaMA는 LayerNorm(LLaMA는 RMSNorm) → 서브레이어 → 잔차 더하기(Pre-LN)를 씁니다. <a data-cite="xiong2020">Xiong 등(2020)</a>은 초기화 직후 Post-LN에서는 출력에 가까운 층의 기울기가 커서 학습률 워밍업이 필요하고, Pre-LN은 워밍업 없이도 학습할 수 있음을 보였습니다.',

  's11.title': '인코더 블록의 구조',
  's11.body':
    '<p>PE가 더해진 입력이 처음 지나는 곳이 인코더입니다. 인코더 블록 하나는 두 서브레이어로 이뤄집니다. <strong>멀티헤드 셀프 어텐션</strong>은 모든 위치가 서로를 참조해 문맥을 모으고, <strong>위치별 피드포워드 네트워크(FFN)</strong>는 각 토큰에 같은 비선형 변환을 따로따로 적용합니다. 두 서브레이어 모두 잔차 연결과 레이어 정규화로 감쌉니다(Add & Norm).</p>',
  's12.title': '셀프 어텐션과 패딩 마스크',
  's12.body':
    '<p>인코더의 셀프 어텐션에서는 쿼리(Query), 키(Key), 값(Value)이 모두 같은 입력 x에서 나옵니다. 예를 들어 “그 선수는 어제 결승에서 은메달을 땄다”에서 “그”는 “선수는”에 강하게 주목할 수 있습니다. 배치를 맞추려고 붙인 &lt;PAD&gt; 토큰은 어텐션 점수를 −∞로 바꿔 소프트맥스 뒤 가중치가 정확히 0이 되게 막습니다.</p>',
  's12.model':
    '<p>아래 그림의 모델은 이 프로젝트가 직접 학습시킨 작은 인코더입니다. 학습 스크립트와 과제, 정확도는 그림 안에 적혀 있고, 가중치(.safetensors)는 이 사이트에 함께 실려 브라우저에서 <code>loadSafetensors</code>로 불러옵니다. 무작위 가중치의 자유 입력 모드와 패딩 실험실도 있습니다.</p>',
  's13.title': '피드포워드 네트워크',
  's13.body':
    '<p>FFN은 선형 변환 두 개 사이에 ReLU나 GELU를 끼운 구조입니다. 안쪽 너비 d_ff는 보통 d_model의 4배로, 원 논문은 d_model = 512, d_ff = 2048을 썼습니다. 위치마다 독립적으로 적용되므로 한 토큰을 바꾸면 그 토큰의 FFN 출력만 바뀝니다.</p>',
  's14.title': 'N개 층 쌓기와 Post-LN·Pre-LN',
  's14.body':
    '<p>같은 블록을 N번 쌓을수록 토큰마다 문맥을 모으는 단계가 늘어납니다. 학습된 모델의 층에 무엇이 담기는지는 BERT 같은 인코더에서 조사되었습니다. <a data-cite="tenney2019">Tenney 등(2019)</a>은 BERT에서 고전적인 NLP 파이프라인의 단계(품사, 구문 분석, 개체명, 의미역, 상호참조)가 아래층에서 위층으로 차례로 나타남을 보였고, <a data-cite="jawahar2019">Jawahar 등(2019)</a>은 표층 특징이 아래층에, 통사 특징이 중간층에, 의미 특징이 위층에 주로 담기며 먼 거리의 일치 관계에는 더 깊은 층이 필요함을 보였습니다. 다른 모델이 같은 순서를 따른다는 보장은 없고, 아래 그림은 학습하지 않은 가중치라 이것을 보여 주지 않습니다. 마지막 출력은 토큰마다 문맥이 반영된 (seq_len × d_model) 행렬입니다.</p><p>LayerNorm을 어디에 두느냐도 깊이 쌓을 때 중요합니다. 원 논문과 BERT(<a data-cite="devlin2019"></a>)는 서브레이어를 지난 뒤 정규화하는 <strong>Post-LN</strong>을 썼고, 최근 모델들은 서브레이어에 들어가기 전에 정규화해 잔차 경로를 정규화 없이 두는 <strong>Pre-LN</strong>을 선호합니다. 아래 그림에서 두 방식으로 층을 쌓아 보고, 이어지는 표와 비교해 보세요.</p>',
  's14.th.aspect': '구분',
  's14.th.post': 'Post-LN',
  's14.th.pre': 'Pre-LN',
  's14.r1': '식',
  's14.r2': '학습 안정성',
  's14.r2.post':
    '초기화 직후 출력 쪽 층의 기울기가 커서 큰 학습률에는 워밍업이 필요함 (<a data-cite="xiong2020"></a>). 워밍업을 두면 잘 학습되고 더 좋은 성능으로 끝나는 경우가 많음 (<a data-cite="liu2020"></a>)',
  's14.r2.pre':
    '<a data-cite="xiong2020">Xiong 외(2020)</a>의 실험에서는 워밍업 없이 학습됨. <a data-xref="s14"></a>의 학습 그림이 두 위치를 워밍업 유무와 함께 우리의 작은 규모에서 비교함',
  's14.r3': '쓰는 곳',
  's14.r3.post': '원 논문, BERT',
  's14.r3.pre': 'GPT-3, LLaMA 등 최근 LLM',
  's14.summary':
    '<ul><li>인코더 블록 = 셀프 어텐션 + FFN, 각각을 잔차 연결과 LayerNorm(Add & Norm)으로 감쌉니다.</li><li>셀프 어텐션은 문장 전체에서 문맥을 모으고, FFN은 토큰마다 따로 비선형 변환을 합니다.</li><li>블록을 N번 쌓습니다. 위치 인코딩은 쌓기 전에 한 번만 더합니다.</li><li>LayerNorm은 원 논문처럼 더한 뒤(Post-LN)에 둘 수도, 최근 LLM처럼 서브레이어 앞(Pre-LN)에 둘 수도 있습니다. Pre-LN 스택은 끝에 LayerNorm이 하나 더 있어야 하고, Post-LN 스택은 마지막 층이 이미 LayerNorm으로 끝나므로 하나 더 두는 것은 군더더기입니다.</li><li>최종 출력은 각 토큰에 문맥이 담긴 (seq_len × d_model) 행렬입니다.</li></ul>',

  's6.analogy':
    '<strong>30초 비유</strong> — 배치 정규화는 “같은 시험을 본 반 전체”를 기준으로 점수를 맞춥니다. 반 인원이 들쭉날쭉하거나 한 명씩 채점해야 하면 기준이 흔들리죠. 레이어 정규화는 “한 학생의 여러 과목 점수”를 그 학생 안에서 맞춥니다. 그래서 배치 크기와 전혀 상관이 없습니다.',
  's7.pipeline':
    '<p>아래는 한 토큰(H = 8)이 레이어 정규화를 지나는 과정입니다. 값을 직접 고쳐 보세요. γ와 β는 스칼라가 아니라 길이 H의 벡터라서, 차원마다 스케일과 이동을 따로 가집니다. 수식의 기호를 누르거나 초점을 두면 뜻이 나옵니다.</p>',
  's9.limits':
    '<p>레이어 정규화는 배치 정규화의 세 가지 약점을 겨냥했습니다. <strong>① 배치 의존</strong> — 배치가 작으면 μ와 σ 추정이 시끄럽고, 여러 GPU에 나누면 통계를 모으기도 번거롭습니다. <strong>② RNN 부적합</strong> — 시간 단계마다, 길이마다 통계가 달라집니다. <strong>③ 학습과 추론의 불일치</strong> — 추론에서는 학습 중 모은 이동 평균을 써야 합니다. 레이어 정규화는 한 샘플 안의 특징만으로 계산하므로 셋 다 해당하지 않습니다. 아래에서 배치를 절반으로 줄여 보면 차이가 바로 보입니다.</p>',
  's15.title': '트랜스포머 안의 레이어 정규화: Pre-LN, Post-LN, RMSNorm',
  's15.body':
    '<p>레이어 정규화를 잔차 연결의 어디에 두느냐에 따라 두 가지 LN 위치가 있습니다. <strong>Post-LN</strong>은 y = LN(x + Sub(x))로 잔차를 더한 뒤 정규화하고, <strong>Pre-LN</strong>은 y = x + Sub(LN(x))로 서브레이어 입력만 정규화합니다. Pre-LN에서는 잔차 경로(skip)에 정규화가 없어 x가 y까지 그대로 전해집니다. 그래서 기울기가 잔차 경로를 따라 곧장 흐르는 “고속도로”가 생긴다고 흔히 설명합니다. 아래 그림은 순전파 값만 잽니다. 기울기 자체는 <a data-xref="s14"></a>의 그림 “초기화 직후의 기울기”가 라이브러리의 역전파로 재며, 그 옆에서 두 LN 위치 가운데 하나를 골라 모델을 직접 학습시켜 볼 수 있습니다.</p><p>기울기를 분석한 두 연구는 원인을 다르게 봅니다. <a data-cite="xiong2020">Xiong 등(2020)</a>은 초기화 시점의 평균장 분석으로 Post-LN의 출력 쪽 층 기울기가 커서 큰 학습률에는 워밍업이 필요함을 보였고, 실험에서 Pre-LN은 워밍업 없이도 학습되었습니다. <a data-cite="liu2020">Liu 등(2020)</a>은 기울기의 불균형이 근본 원인이 아니라고 보았습니다. 이들의 설명으로는 Post-LN이 잔차 가지에 크게 의존해 작은 파라미터 갱신이 출력의 큰 변화로 증폭됩니다. 이 글의 그림은 작은 과제 하나에서 두 층짜리 모델로 잰 것이므로, 이 결과들을 보여 줄 뿐 검증하지는 않습니다. GPT-2(<a data-cite="radford2019"></a>)와 그 뒤의 많은 LLM이 Pre-LN이나 그 변형을 씁니다.</p>',
  's15.rms':
    '<p><strong>RMSNorm</strong>(<a data-cite="zhang2019"></a>)은 평균을 빼는 단계를 생략하고 제곱평균제곱근(RMS)으로만 크기를 맞춥니다. 평균을 따로 구해 빼지 않으니 계산이 줄어듭니다. Zhang과 Sennrich는 비슷한 품질에서 실행 시간이 LayerNorm보다 모델에 따라 7%에서 64%까지 줄었다고 보고합니다(아래 그림은 이 브라우저에서 직접 잰 비율을 보여 줍니다). LLaMA(<a data-cite="touvron2023"></a>), Gemma(<a data-cite="gemma2024"></a>) 등이 RMSNorm을 씁니다.</p>',
  's16.title': '결과 표(출처 확인 불가)와 핵심 개념',
  's16.body':
    '<p>원문 글은 순환 신경망에서 레이어 정규화가 배치 정규화보다 나았다는 아래 두 표를 싣고 있습니다. 기계 번역 표에는 “원 논문”의 결과라고 적었지만 어느 논문의 어느 표인지 밝히지 않았고, 언어 모델 표에는 출처를 적지 않았습니다. 우리도 두 표의 수치 모두 출처를 찾지 못했습니다. 그래서 원문 글에 실린 숫자로만 옮기고, 어느 값도 강조하지 않으며, 출처를 확인할 수 없는 값으로 표시해 둡니다. 이 표를 근거로 결론을 내리지는 마세요.</p>',
  's16.mt.caption': '기계 번역 BLEU — 원문 글에 실린 수치, 출처 확인 불가',
  's16.lm.caption': 'Penn Treebank 언어 모델 perplexity(낮을수록 좋음) — 원문 글에 실린 수치, 출처 확인 불가',
  's16.model': '모델',
  's16.ppl': 'Perplexity',
  's16.rnn': 'RNN 기준선',
  's16.intuition':
    '<p>트랜스포머는 토큰 단위로 계산합니다. “이 토큰 안의 특징들이 얼마나 치우쳐 있는가”를 맞추는 레이어 정규화가 자연스럽고, “이 특징이 배치 전체에서 어떤가”를 보는 배치 정규화는 덜 어울립니다.</p>',
  's16.kc.caption': '핵심 개념',
  's16.kc.concept': '개념',
  's16.kc.idea': '요점',
  's16.kc.axis': '정규화 축',
  's16.kc.axis.v': '한 샘플 안의 특징들 — 배치와 무관',
  's16.kc.gb.v': '특징마다 학습되는 스케일과 이동',
  's16.kc.pre.v': '서브레이어 앞에서 정규화 — 요즘의 기본값',
  's16.kc.rms.v': '평균 없이 RMS로만 스케일 — LLaMA',
  's17.title': '이해도 점검',
  's17.body':
    '<p>레이어 정규화 글의 다섯 문항에 계산 문항과 위치 인코딩·어텐션 문항을 더했고, 다루는 마지막 절 뒤에 두었습니다. 보기를 고른 뒤 “답 확인” 버튼(또는 Enter)을 누르세요. 처음 확인한 답으로 채점하고, 확인한 보기의 설명만 보여 줍니다. 다른 보기도 확인해 그 설명을 읽을 수 있지만 점수는 그대로입니다. 각 문항에는 답을 보여 주는 그림으로 가는 링크가 있습니다. 채점은 이 페이지 안에서만 이뤄지고, 답은 이 브라우저에 문항 묶음별로 저장됩니다.</p>',
  's10.body':
    '<p>원문 글들은 PyTorch 코드로 PE, LayerNorm, Pre-LN 블록, FFN, 인코더 층을 보여 줍니다. 아래는 같은 것을 이 프로젝트가 직접 쓴 PyTorch 코드와, 이 페이지의 그림을 실제로 계산하는 C++ 커널입니다(C++는 빌드할 때 cpp/에서 그대로 가져옵니다). 코드 줄에 포인터를 올리거나 초점을 두면 그 줄이 하는 단계가 표시되고, 같은 단계를 그리는 다른 그림에서도 강조됩니다.</p>',

  // ── <nw-kernel-source> ──
  'kernelSource.title': '원문 글들의 코드를 우리가 다시 쓴 것: PyTorch와 이 페이지의 C++ 커널',
  'kernelSource.kernel': '코드',
  'kernelSource.codeLabel': 'C++ 소스 {file}',
  'kernelSource.jsLabel': '커널을 부르는 JavaScript',
  'kernelSource.result': '지금 이 브라우저에서 실행한 결과',

  // ── <nw-pe-heatmap> ──
  'peHeatmap.title': 'PE 행렬 히트맵',
  'peHeatmap.caption': '빨강 = +1, 흰색 = 0, 파랑 = −1. 슬라이더를 움직이는 동안 표 전체를 다시 계산합니다.',
  'peHeatmap.dModel': 'd_model',
  'peHeatmap.seqLen': 'seq_len',
  'peHeatmap.yAxis': '위치 pos (0 → {max})',
  'peHeatmap.xLeft': '← 고주파 (차원 0)',
  'peHeatmap.xLeftConcat': '← sin 절반 | cos 절반',
  'peHeatmap.xRight': '저주파 (차원 {max}) →',
  'peHeatmap.aria': '위치 인코딩 히트맵, {seqLen}개 위치 × {dModel}개 차원. 화살표 키로 칸을 옮기면 값이 읽힙니다.',
  'peHeatmap.readout':
    'PE(pos={pos}, dim={dim}) = {fn}(pos / 10000^(2·{i}/d_model)) = {value}\n표 전체 최솟값 {min}, 최댓값 {max}',
  'peHeatmap.keys':
    '히트맵에 포인터를 올리거나, 히트맵에 초점을 두고 화살표 키(Shift = 10칸)로 값을 읽을 수 있습니다. 같은 페이지의 파형 그림과 성질 그림이 고른 위치와 sin·cos 쌍을 따라갑니다.',

  // ── <nw-pe-waves> ──
  'peWaves.title': 'sin·cos 파형 탐색기',
  'peWaves.caption':
    '위치 0부터 {last}까지, 고른 쌍의 sin·cos(진한 실선)과 비교할 다른 쌍(흐린 점선)을 그립니다. 곡선은 PE 표의 값을 정수 위치마다 그대로 지나도록 부드럽게 이은 것입니다. ▶ 버튼은 위치를 0부터 끝까지 움직입니다.',
  'peWaves.pos': '위치 pos',
  'peWaves.i': '쌍 번호 i (실선)',
  'peWaves.iLow': '비교할 쌍 (점선)',
  'peWaves.dModel': 'd_model',
  'peWaves.xAxis': '위치 pos →',
  'peWaves.marker': 'pos = {pos}',
  'peWaves.aria':
    '위치 0부터 {last}까지의 위치 인코딩 파형. 쌍 {i}의 sin·cos은 실선, 쌍 {iLow}의 sin·cos은 점선이고 pos = {pos}에 세로 표시선이 있습니다. 정확한 값은 아래 수치 영역에서 읽을 수 있습니다.',
  'peWaves.legend': '{fn}, i = {i} → 차원 {col}',
  'peWaves.stripTitle': '그린 네 차원이 d_model 벡터 안에서 놓인 자리 ({layout}, 0 … {max})',
  'peWaves.stripSin': 'sin 절반',
  'peWaves.stripCos': 'cos 절반',
  'peWaves.noteInterleaved': '교차 배치(논문 방식): 쌍 i의 sin은 차원 2i에, cos은 바로 옆 차원 2i+1에 들어갑니다.',
  'peWaves.noteConcat':
    '연결 배치: 앞 절반에는 sin만, 뒤 절반에는 cos만 모읍니다. 쌍 i의 sin은 차원 i, cos은 차원 d_model/2 + i에 놓입니다. 값은 같고 열의 순서만 다릅니다.',
  'peWaves.readoutHead': 'pos = {pos} · d_model = {d} · {layout}',
  'peWaves.readoutValue': 'PE({pos}, {col}) = {fn}({pos} / 10000^({k}/{d})) = {value}',
  'peWaves.readoutLambda': '쌍 i = {i}의 파장 2π·10000^({k}/{d}) = {lambda} 위치',
  'peWaves.claim.wavelength.holds':
    '표에서 읽으면 쌍 i = {i}는 {lambda} 위치마다 되풀이됩니다. 공식 2π·10000^({k}/{d}) = {formula}과 같습니다.',
  'peWaves.claim.wavelength.fails':
    '표에서 읽으면 쌍 i = {i}는 {lambda} 위치마다 되풀이되어, 공식의 {formula}과 다릅니다.',
  'peWaves.claim.wavelength.evidence': '|표에서 읽은 λ ÷ 공식 − 1|: {value}',
  // ── </nw-pe-waves> ──

  // ── <nw-order-demo> ──
  'orderDemo.title': '단어 순서를 바꾸면 인코더는 알아챌까?',
  'orderDemo.caption':
    '무작위 가중치로 초기화한 인코더 층 하나(d_model {d}, 헤드 {heads}개, d_ff {dff})에 원래 문장과 순서를 바꾼 문장을 함께 넣습니다. 토큰 임베딩은 시드를 고정해 만든 무작위 벡터라서 언제 열어도 같은 결과가 나옵니다.',
  'orderDemo.tokens': '작은|고양이의|집에|개가|산다',
  'orderDemo.pe': '위치 인코딩',
  'orderDemo.peOff': 'PE 없음',
  'orderDemo.peOn': 'PE 더하기',
  'orderDemo.original': '원래 문장',
  'orderDemo.permuted': '바꾼 문장',
  'orderDemo.slot': '바꾼 문장의 {n}번째 토큰',
  'orderDemo.shuffle': '무작위로 섞기',
  'orderDemo.reset': '원래 순서로',
  'orderDemo.matrixCaption':
    '행은 원래 문장의 출력, 열은 바꾼 문장의 출력입니다. 칸의 숫자는 두 출력 벡터 사이의 유클리드 거리이고, 테두리를 두른 칸은 행마다 가장 가까운 짝입니다.',
  'orderDemo.aria':
    '{n} × {n} 거리 행렬. 행은 원래 문장, 열은 바꾼 문장의 인코더 출력입니다. 요약은 아래 수치 영역에 있습니다.',
  'orderDemo.badgeSame': '순서만 다른 같은 출력',
  'orderDemo.badgeDiffer': '출력이 달라짐',
  'orderDemo.identity': '지금은 순서를 바꾸지 않았으므로 두 입력이 똑같습니다.',
  'orderDemo.readout':
    '원래 문장의 행마다 가장 가까운 바꾼 문장 행까지의 거리: 가장 작은 값 {closest}, 가장 큰 값 {worst}.',
  'orderDemo.claim.sameRows.holds':
    '원래 문장의 출력 행마다 바꾼 문장 쪽에 똑같은 행이 있습니다. PE가 없으면 인코더에게는 같은 행들이 순서만 바뀐 것입니다. 짝 사이 거리의 최댓값: {worst} (기준 {tol} 미만).',
  'orderDemo.claim.sameRows.fails':
    '가장 가까운 짝끼리도 {closest}만큼 떨어져 있습니다(행별 최단 거리 중 최댓값 {worst}). PE가 자리마다 다른 벡터를 더해서, 두 입력은 더 이상 같은 행을 재배열한 것이 아닙니다.',
  'orderDemo.claim.sameRows.evidence': '행별 최단 거리 중 최댓값: {value}',
  // ── </nw-order-demo> ──

  // ── <nw-pe-properties> ──
  'peProps.title': 'sin·cos PE의 네 가지 성질, 직접 재 보기',
  'peProps.caption':
    '아래 숫자는 모두 지금 고른 d_model과 seq_len으로 만든 PE 표에서 그 자리에서 계산한 값입니다. 탭으로 성질을 고르고 슬라이더를 움직여 보세요.',
  'peProps.dModel': 'd_model',
  'peProps.seqLen': 'seq_len',
  'peProps.tabs': 'PE의 네 가지 성질',
  'peProps.tab.bounded': '① 유계성',
  'peProps.tab.unique': '② 고유성',
  'peProps.tab.relative': '③ 상대 위치',
  'peProps.tab.extrapolation': '④ 외삽',
  'peProps.keys': '탭에 초점을 두고 ←/→ 키로 성질을 바꿀 수 있습니다(Home/End는 처음/끝).',
  'peProps.bounded.lead':
    'PE 표에 든 값 {count}개를 모두 히스토그램으로 모았습니다. 양옆의 음영 구역은 [−1, 1] 바깥이고, 그 안의 숫자는 거기에 떨어진 값의 개수입니다.',
  'peProps.bounded.aria': 'PE 값 {count}개의 히스토그램: 최솟값 {min}, 최댓값 {max}',
  'peProps.bounded.min': '최솟값 {v}',
  'peProps.bounded.max': '최댓값 {v}',
  'peProps.bounded.xAxis': 'PE 값',
  'peProps.bounded.layoutNote':
    '배치 방식(교차/연결)은 열의 순서만 바꾸므로 히스토그램과 최솟값·최댓값은 달라지지 않습니다.',
  'peProps.bounded.readout':
    '값 {count}개 (seq_len {n} × d_model {d})\n최솟값 {min}, 최댓값 {max}\n[−1, 1] 밖에 떨어진 값: {outside}개\n견줘 보기: 위치 번호 pos를 그대로 더했다면 최댓값은 {naive}',
  'peProps.unique.lead':
    '서로 다른 위치 쌍 {pairs}개의 유클리드 거리를 모두 잽니다. 모든 내적을 담은 그람 행렬 G = PE·PEᵀ를 한 번에 구하고, 거리² = |a|² + |b|² − 2a·b로 바꿉니다.',
  'peProps.unique.distTitle': '거리 ‖PE(p) − PE(q)‖ (어두울수록 가까움, 점선 = 가장 가까운 간격의 모든 쌍)',
  'peProps.unique.distAria': '위치 사이 거리 행렬 {n}×{n}. 가장 가까운 쌍은 pos {p}와 pos {q}, 거리 {dist}.',
  'peProps.unique.axes': '행 p, 열 q = 0 … {max}',
  'peProps.unique.curveTitle': '간격 Δ만큼 떨어진 두 위치의 거리',
  'peProps.unique.curveAria': '간격에 따른 거리 곡선. 가장 짧은 거리는 Δ = {delta}에서 {dist}, 가장 긴 거리는 {far}.',
  'peProps.unique.minLabel': '최소: Δ = {delta}, {dist}',
  'peProps.unique.xAxis': '간격 Δ = q − p',
  'peProps.unique.readout':
    '가장 가까운 쌍: pos {p}와 pos {q} (간격 {delta}), 거리 {dist}\n쌍 {pairs}개 가운데 가장 먼 거리 {far}\n모든 행의 길이 ‖PE(pos)‖ = {norm} (√(d_model/2) = {root})',
  'peProps.k': '이동 k',
  'peProps.relative.lead':
    'M_k는 2×2 회전 블록 d_model/2개로 된 행렬이고, 블록 i는 각도 k·ω_i만큼 돌립니다. cos·sin 값은 PE(k) 행에서 그대로 가져옵니다. 모든 위치의 M_k·PE(pos)를 한꺼번에 계산해 PE(pos+k)와 견줍니다. 아래 단위원은 쌍 하나를 평면에 그린 것입니다. 위치가 한 칸 갈 때마다 점이 ω_i만큼 돌고, k칸 뒤의 점은 정확히 k·ω_i만큼 돌아간 자리에 있습니다.',
  'peProps.relative.blocksInterleaved':
    '교차 배치: 블록 i가 행·열 2i, 2i+1을 차지해서 2×2 블록이 대각선을 따라 붙어 있습니다.',
  'peProps.relative.blocksConcat':
    '연결 배치: 블록 i가 행·열 i와 i + d_model/2로 갈라져 대각선 네 줄이 됩니다. 숫자는 그대로이고 행과 열의 순서만 바뀐 같은 회전이라 오차도 같습니다.',
  'peProps.relative.mkTitle': 'M_k 전체 ({d}×{d}, k = {k})',
  'peProps.relative.mkAria': 'k = {k}일 때 {d}×{d} 회전 행렬 M_k의 히트맵',
  'peProps.relative.zoomTitle': '앞쪽 블록 4개 확대 (위: 차원 이름과 그려진 행·열 번호)',
  'peProps.relative.zoomAria': 'k = {k}일 때 M_k의 앞쪽 여덟 차원을 숫자와 함께 확대한 그림',
  'peProps.relative.simTitle': '내적 PE(p)·PE(q) (점선: q − p = {k})',
  'peProps.relative.simAria': '{n}×{n} 내적 행렬 히트맵. 점선은 q − p = {k}인 대각선입니다.',
  'peProps.relative.lineTitle': '대각선 하나와 행 하나 (k = {k})',
  'peProps.relative.lineAria': 'p에 따라 그린 PE(p)·PE(p+{k})(간격 하나)와 PE(0)·PE(p)(간격이 커짐).',
  'peProps.relative.lineAxis': '위치 p',
  'peProps.relative.lineDiag': 'PE(p)·PE(p+{k}): 간격이 같으면 값도 같음',
  'peProps.relative.lineRow': 'PE(0)·PE(p): 간격이 바뀌면 값도 바뀜',
  'peProps.relative.readout':
    'k = {k}, {layout}: 위치 {n}개 × {d}차원 전체에서\nmax |PE(pos+k) − M_k·PE(pos)| = {err}\nPE(p)·PE(p+{k}) = {dot}, p에 따른 흩어짐 {spreadK}\n모든 대각선(q − p 고정)의 최대 흩어짐 {spread} (값의 범위 −{half} … {half})',
  'peProps.trainedLen': '학습 길이 L',
  'peProps.extra.lead':
    '학습 때 본 가장 긴 문장이 L개 토큰이었다고 해 봅시다. 공식은 L 뒤의 위치에서도 값을 그대로 내놓습니다(아래 띠는 끝까지 계산한 값입니다). 학습형 표는 L개의 행만 가지므로 그 뒤의 위치는 찾아볼 행이 없습니다.',
  'peProps.extra.sinLabel': 'sin·cos PE: pos 0 … {last} 모두 공식으로 계산 (세로: 차원, 가로: 위치)',
  'peProps.extra.stripAria': 'PE 표를 위치 {n}개 × 차원 {d}개의 띠로 그린 그림. 학습 길이 L = {L}에 세로선.',
  'peProps.extra.learnedLabel': '학습형 PE 표: 학습한 행만 있음',
  'peProps.extra.learnedBar': '파라미터 {params}개',
  'peProps.extra.noRow': '행 없음',
  'peProps.extra.beyond': 'L 너머도 공식으로 계산 →',
  'peProps.extra.marker': 'L = {L}',
  'peProps.extra.learnedAria':
    '학습형 표: 위치 {L}개에 행이 있고(파라미터 {params}개), 그 뒤 위치 {beyond}개에는 행이 없음.',
  'peProps.extra.readout':
    '학습 길이 L = {L}, 표 길이 {n}\nsin·cos: pos {L} … {last} ({beyond}개)도 모두 계산됨, 값 범위 [{min}, {max}], 행 길이 {norm}\n이웃 위치 거리: pos {Lm1}→{L} = {adjL}, pos 0→1 = {adj0}\n학습형: L × d_model = {L} × {d} = {params}개 파라미터, pos ≥ {L}에는 행이 없어 조회 불가',
  'peProps.claim.bounded.holds':
    '모든 값이 [−1, 1] 안에 있습니다(최소 {min}, 최대 {max}). 위치 pos를 그대로 더했다면 {naive}까지 커졌을 것입니다.',
  'peProps.claim.bounded.fails': '값 {value}개가 [−1, 1] 바깥에 있습니다.',
  'peProps.claim.bounded.evidence': '[−1, 1] 바깥의 값: {value}개',
  'peProps.claim.unique.holds':
    '위치마다 자기만의 벡터가 있습니다. 가장 가까운 쌍인 pos {p}와 pos {q}도 {value}만큼 떨어져 있습니다.',
  'peProps.claim.unique.fails':
    '여기서는 두 위치가 거의 같은 벡터를 씁니다. pos {p}와 pos {q}가 {value}밖에 떨어져 있지 않습니다.',
  'peProps.claim.unique.evidence': '가장 가까운 거리: {value}',
  'peProps.claim.gapOnly.holds':
    '거리는 간격 |p − q|에만 달려 있습니다. 간격이 같은 쌍은 부동소수점 오차 안에서 내적이 같고, 그래서 거리도 같습니다.',
  'peProps.claim.gapOnly.fails': '여기서는 간격이 같은 쌍끼리도 부동소수점 오차보다 크게 차이 납니다.',
  'peProps.claim.gapOnly.evidence': '한 간격에서 PE(p)·PE(q)의 최대 차이: {value}',
  'peProps.claim.rotation.holds':
    '위치 {n}개 모두에서 M_k·PE(pos)가 PE(pos + {k})에 정확히 겹칩니다. k칸 옮기기는 선형 사상 하나입니다.',
  'peProps.claim.rotation.fails': '여기서는 M_k·PE(pos)가 PE(pos + {k})에서 10⁻⁴ 넘게 벗어납니다.',
  'peProps.claim.rotation.evidence': '최대 |PE(pos+k) − M_k·PE(pos)|: {value}',
  'peProps.claim.sameDot.holds': 'p가 무엇이든 PE(p)·PE(p + {k}) = {dot}입니다. 내적은 간격만 봅니다.',
  'peProps.claim.sameDot.fails': '여기서는 PE(p)·PE(p + {k})가 p에 따라 반올림 오차보다 크게 달라집니다.',
  'peProps.claim.sameDot.evidence': 'p에 따른 PE(p)·PE(p+k)의 차이: {value}',
  'peProps.claim.pastL.holds':
    'L = {L}을 넘어도 공식은 계속됩니다. pos {last}까지의 행 {beyond}개도 다른 행과 똑같이 계산되고, 값은 [−1, 1] 안에 있습니다.',
  'peProps.claim.pastL.fails': 'L = {L} 뒤에서 [−1, 1]을 벗어나는 값이 있습니다.',
  'peProps.claim.pastL.evidence': 'L 뒤의 최대 |값|: {value}',
  'peProps.claim.sameStep.holds':
    'L 뒤의 이웃도 처음만큼 떨어져 있습니다. pos {Lm1}→{L}은 {adjL}, pos 0→1은 {adj0}입니다.',
  'peProps.claim.sameStep.fails': 'L에서의 간격({adjL})이 처음 간격({adj0})과 다릅니다.',
  'peProps.claim.sameStep.evidence': '|L에서의 간격 − 처음 간격|: {value}',
  // ── </nw-pe-properties> ──

  // ── <nw-pe-compare> ──
  'peCompare.title': '위치 정보를 넣는 세 가지 길',
  'peCompare.caption':
    '표는 세 방식의 차이를 정리하고, 아래 두 그림은 세 번째 열(RoPE와 ALiBi)이 실제로 어떻게 움직이는지 계산해 보여 줍니다.',
  'peCompare.tableRegion': '위치 인코딩 방식 비교표 (좁은 화면에서는 가로로 스크롤)',
  'peCompare.tableCaption': '고정형 sin·cos PE, 학습형 PE, RoPE·ALiBi 비교',
  'peCompare.th.aspect': '구분',
  'peCompare.th.fixed': '고정형 (sin·cos)',
  'peCompare.th.learned': '학습형',
  'peCompare.th.rope': 'RoPE / ALiBi',
  'peCompare.r.principle': '원리',
  'peCompare.r.principle.fixed': '공식으로 위치마다 벡터를 만들어 임베딩에 더함',
  'peCompare.r.principle.learned': '위치마다 벡터 하나를 파라미터로 두고 데이터에서 학습해 더함',
  'peCompare.r.principle.rope': 'RoPE는 q와 k를 위치만큼 회전, ALiBi는 어텐션 점수에 거리에 비례한 벌점을 더함',
  'peCompare.r.params': '추가 파라미터',
  'peCompare.r.params.fixed': '0개',
  'peCompare.r.params.learned': 'max_len × d_model개 (BERT-base: 512 × 768 = 393,216개)',
  'peCompare.r.params.rope': '0개 (회전 각도와 ALiBi의 계수 m은 정해진 값)',
  'peCompare.r.extrapolation': '학습 길이 너머',
  'peCompare.r.extrapolation.fixed': '값은 계산되지만 성능은 떨어지기 쉬움',
  'peCompare.r.extrapolation.learned': '불가능: max_len 이후 위치에는 행이 없음',
  'peCompare.r.extrapolation.rope':
    'RoPE만으로는 학습 길이를 넘으면 성능이 떨어짐. 위치 보간·NTK-aware·YaRN 같은 스케일링과 추가 학습으로 늘림. ALiBi는 짧게 학습하고 길게 쓰도록 설계됨',
  'peCompare.r.models': '쓰는 모델',
  'peCompare.r.models.fixed': '원래 Transformer (2017)',
  'peCompare.r.models.learned': 'BERT, GPT-2, GPT-3',
  'peCompare.r.models.rope': 'RoPE: GPT-NeoX, LLaMA, Mistral, Falcon · ALiBi: BLOOM, MPT',
  'peCompare.r.performance': '성능',
  'peCompare.r.performance.fixed': '원 논문의 비교에서 학습형과 거의 같음 (Vaswani 등, 2017, 표 3의 E행)',
  'peCompare.r.performance.learned': '그 비교에서 sin·cos 방식과 거의 같음',
  'peCompare.r.performance.rope': '긴 문맥 모델에서 널리 쓰임 (길이를 늘리는 방법과 함께)',
  'peCompare.rope.title': 'RoPE: q와 k를 위치만큼 돌리면',
  'peCompare.rope.lead':
    'd차원 벡터 q와 k의 성분을 둘씩 짝지어 위치 × θ_i만큼 회전합니다(θ_i = 10000^(−2i/d)). 회전에 쓰는 cos·sin은 위치 인코딩 표의 값과 같습니다. 키를 두 위치 n₁, n₂에 두고 쿼리를 m = n + Δ에 놓아, 두 경우의 점수(1/√d로 나누기 전)를 Δ에 따라 그립니다.',
  'peCompare.rope.dim': '헤드 차원 d',
  'peCompare.rope.posA': '키 위치 n₁',
  'peCompare.rope.posB': '키 위치 n₂',
  'peCompare.rope.offset': '간격 Δ = m − n',
  'peCompare.rope.legend': '키 위치 n = {n}',
  'peCompare.rope.aria': 'd = {d}에서 회전한 q·k를 간격 Δ에 따라 그린 곡선 두 개 (키 위치 {n1}과 {n2})',
  'peCompare.rope.xAxis': '간격 Δ = m − n',
  'peCompare.rope.readout':
    'Δ = {delta} (d = {d})\n(m, n) = ({m1}, {n1}): q·k = {s1}\n(m, n) = ({m2}, {n2}): q·k = {s2}\n차이 {diff}, Δ = −32 … +32 전체에서 두 곡선의 최대 차이 {maxDiff}\n회전 전 q·k = {raw}',
  'peCompare.alibi.title': 'ALiBi: 멀수록 점수를 깎는 편향',
  'peCompare.alibi.lead':
    '헤드 h마다 계수 m = 2^(−8h/H)를 정하고(논문의 slope), 쿼리 i와 키 j의 점수에 −m·|i − j|를 더합니다. 학습하는 값은 없습니다. 여기서는 내용 점수를 모두 0으로 두어, 편향 하나가 softmax 한 행을 어떻게 바꾸는지만 봅니다.',
  'peCompare.alibi.heads': '헤드 수 H',
  'peCompare.alibi.head': '헤드 h',
  'peCompare.alibi.mask': '방향',
  'peCompare.alibi.mask.causal': '인과(causal)',
  'peCompare.alibi.mask.symmetric': '대칭',
  'peCompare.alibi.len': '길이',
  'peCompare.alibi.query': '쿼리 행 i',
  'peCompare.alibi.causalNote':
    '인과: ALiBi 논문의 언어 모델처럼 쿼리 i는 j ≤ i인 키만 보고(뒤쪽 키는 가림) 편향은 −m·(i − j)입니다.',
  'peCompare.alibi.symmetricNote':
    '대칭: 모든 키를 보고 편향은 −m·|i − j|입니다. 양방향 인코더에 ALiBi를 쓸 때의 형태입니다.',
  'peCompare.alibi.heatTitle': '편향 행렬 (m = {slope}, 테두리 = 쿼리 행)',
  'peCompare.alibi.masked': '가린 칸',
  'peCompare.alibi.barsTitle': '쿼리 행 i = {i}의 softmax',
  'peCompare.alibi.plain': '편향 없음',
  'peCompare.alibi.withBias': 'ALiBi 편향을 더함',
  'peCompare.alibi.heatAria': '{L}×{L} ALiBi 편향 행렬, 계수 {slope}, {mask}',
  'peCompare.alibi.keyAxis': '키 j →',
  'peCompare.alibi.barsAria': '쿼리 {i}의 어텐션 가중치: 자기 자신에 {self} (편향이 없으면 {plain})',
  'peCompare.alibi.keyAxisLong': '키 위치 j',
  'peCompare.alibi.readout':
    '헤드 {h}/{H}: 계수 m = 2^(−{e}) = {slope}, {mask}, 길이 L = {L}\n쿼리 i = {i}: 자기 자신의 가중치 {wSelf} (편향이 없으면 {uniform})\n가장 먼 키 j = {jFar}: 편향 {bFar}, 가중치 {wFar}',
  'peCompare.claim.gapOnly.holds':
    '두 곡선이 겹칩니다(최대 차이 {maxDiff}). 점수는 절대 위치 n₁ = {n1}, n₂ = {n2}가 아니라 간격 Δ에만 달려 있습니다.',
  'peCompare.claim.gapOnly.fails': 'n₁ = {n1}과 n₂ = {n2}의 곡선이 {maxDiff}만큼, float32 반올림보다 크게 차이 납니다.',
  'peCompare.claim.gapOnly.evidence': '최대 차이 ÷ 최대 점수: {value}',
  'peCompare.claim.selfUp.holds':
    '편향이 행을 쿼리 자신 쪽으로 기울입니다. 자기 자신이 {self}를 받는데, 모든 키를 똑같이 볼 때는 {plain}입니다.',
  'peCompare.claim.selfUp.fails':
    '여기서 쿼리 {i}가 보는 키는 {keys}개뿐이라 편향이 기울일 것이 없습니다. 자기 가중치는 어느 쪽이든 {self}입니다.',
  'peCompare.claim.selfUp.evidence': '자기 가중치, 편향 있음/없음: {value}배',
  'peCompare.claim.decays.holds':
    '배우는 값이 없는데도 가중치가 거리에 따라 줄어듭니다. 모든 키가 한 칸 가까운 키보다 적게 받고, 키 {jFar}는 {wFar}까지 내려갑니다.',
  'peCompare.claim.decays.fails': '여기서는 어떤 키가 한 칸 가까운 키만큼 또는 그보다 많이 받습니다.',
  'peCompare.claim.decays.evidence': '최대 w(먼 키) / w(가까운 키): {value}',
  // ── </nw-pe-compare> ──

  // ── <nw-depth-demo> ──
  'depthDemo.title': '층을 쌓을수록 값은 어떻게 될까',
  'depthDemo.caption':
    '폭 {width}짜리 무작위 선형층을 최대 {max}개 쌓고, 같은 무작위 입력 벡터를 두 번 통과시킵니다. 한 번은 그대로, 한 번은 층마다 LayerNorm을 거치게 합니다. 그래프는 층을 하나 지날 때마다 활성값의 표준편차를 로그 눈금으로 찍은 것입니다.',
  'depthDemo.depth': '층 수',
  'depthDemo.scale': '가중치 스케일 s',
  'depthDemo.activation': '활성화 함수',
  'depthDemo.activation.none': '없음 (선형)',
  'depthDemo.activation.relu': 'ReLU',
  'depthDemo.newWeights': '새 가중치 뽑기',
  'depthDemo.yAxis': '표준편차 σ (로그 눈금)',
  'depthDemo.xAxis': '층 번호 →',
  'depthDemo.aria':
    '층별 표준편차 그래프(로그 눈금), 0층부터 {depth}층까지. 마지막 층의 표준편차는 정규화 없이 {plain}, LayerNorm과 함께 {normed}입니다. 자세한 값은 아래 수치 영역에 있습니다.',
  'depthDemo.legendPlain': '정규화 없음',
  'depthDemo.legendNormed': '층마다 LayerNorm',
  'depthDemo.readoutPlain': '{depth}층 뒤 σ, 정규화 없음: {value} (입력의 {ratio}배)',
  'depthDemo.readoutNormed': '{depth}층 뒤 σ, LayerNorm 있음: {value}',
  'depthDemo.readoutSetup': '입력 σ = {first} · s = {scale} · 폭 {width} · 시드 {seed}',
  'depthDemo.note':
    '가중치는 평균 0, 분산 g·s²/폭인 정규분포에서 뽑습니다(활성화가 없으면 g = 1, ReLU면 He 초기화처럼 g = 2). 그래서 s = 1이면 크기가 평균적으로 유지됩니다. 선형층은 nw.linear, 정규화는 nw.layerNorm, 표준편차는 nw.layerNormStats가 계산합니다.',
  'depthDemo.view': '방향',
  'depthDemo.view.forward': '순전파',
  'depthDemo.view.backward': '역전파',
  'depthDemo.loadingBackward': '역전파 화면에 쓸 학습 커널(역전파 연산)을 불러오는 중…',
  'depthDemo.yAxisGrad': '기울기 표준편차 σ(로그 눈금)',
  'depthDemo.ariaGrad':
    '{depth}층에서 입력까지 거슬러 가며 층마다 잰 기울기의 표준편차를 로그 눈금으로 그린 그래프입니다. 입력에서는 정규화 없이 {plain}, LayerNorm을 쓰면 {normed}입니다. 자세한 수치는 아래에 있습니다.',
  'depthDemo.readoutGradPlain': '{depth}층을 거슬러 온 입력의 기울기 σ, 정규화 없음: {value} (출력 기울기의 {ratio}배)',
  'depthDemo.readoutGradNormed':
    '{depth}층을 거슬러 온 입력의 기울기 σ, LayerNorm 사용: {value} (출력 기울기의 {ratio}배)',
  'depthDemo.readoutGradSetup': '출력 기울기 σ = {output} · s = {scale} · 폭 {width} · 시드 {seed}',
  'depthDemo.noteGrad':
    '같은 두 스택의 역전파입니다. 무작위 기울기가 마지막 층의 출력에 도착해 거꾸로 흘러가며 LayerNorm(nw.layerNormBackward), ReLU(nw.activationBackward), 각 층의 가중치(nw.linearBackward)를 차례로 지납니다. 층마다 기울기에 전치된 가중치가 곱해지므로, 정규화가 없으면 활성값처럼 커지거나 작아집니다. LayerNorm은 기울기를 그 입력의 σ로 나누어 가중치가 곱한 배율을 되돌리고, 기울기에서 평균 방향과 자기 출력 방향의 성분을 덜어 냅니다.',
  'depthDemo.claim.explodes.holds': '정규화가 없으면 크기가 입력의 {value}배로 불어났습니다. 폭발입니다.',
  'depthDemo.claim.explodes.fails':
    '이번에는 정규화가 없어도 크기가 입력의 {value}배에 머물렀습니다. s를 1에서 멀리 옮겨 보세요.',
  'depthDemo.claim.explodes.evidence': '정규화 없는 σ 마지막/처음: {value}배',
  'depthDemo.claim.vanishes.holds': '정규화가 없으면 크기가 입력의 {value}배로 쪼그라들었습니다. 소실입니다.',
  'depthDemo.claim.vanishes.fails':
    '이번에는 정규화가 없어도 크기가 입력의 {value}배에 머물렀습니다. s를 1에서 멀리 옮겨 보세요.',
  'depthDemo.claim.vanishes.evidence': '정규화 없는 σ 마지막/처음: {value}배',
  'depthDemo.claim.perLayer.holds':
    '정규화가 없으면 층마다 크기가 평균 {factor}배가 됩니다. 가중치 분산이 말해 주는 대로 s = {scale}에 가깝습니다.',
  'depthDemo.claim.perLayer.fails':
    '이번에는 층마다 평균 {factor}배로 s = {scale}에서 15 % 넘게 벗어났습니다. 층이 적으면 무작위로 뽑힌 가중치 하나하나의 영향이 큽니다.',
  'depthDemo.claim.perLayer.evidence': '층당 배율 ÷ s: {value}',
  'depthDemo.claim.normedSteady.holds':
    '층마다 LayerNorm을 두면 σ가 마지막에 {value}입니다. s가 얼마든 정규화가 크기를 매번 1로 되돌립니다.',
  'depthDemo.claim.normedSteady.fails':
    'LayerNorm을 두어도 이번에는 σ가 마지막에 {value}로, 1에서 1 % 넘게 벗어났습니다.',
  'depthDemo.claim.normedSteady.evidence': 'LayerNorm을 둔 마지막 σ: {value}',
  'depthDemo.claim.gradExplodes.holds':
    '정규화가 없으면 기울기가 거슬러 가는 동안 {value}배로 커졌습니다. 앞쪽 층은 지나치게 큰 갱신을 받게 됩니다.',
  'depthDemo.claim.gradExplodes.fails':
    '이번에는 정규화 없이도 기울기가 거슬러 가는 동안 크기를 대체로 유지했습니다({value}배). s를 1에서 멀리 움직여 보세요.',
  'depthDemo.claim.gradExplodes.evidence': '정규화 없는 기울기 σ 입력/출력: {value}배',
  'depthDemo.claim.gradVanishes.holds':
    '정규화가 없으면 기울기가 거슬러 가는 동안 {value}배로 작아졌습니다. 앞쪽 층은 거의 배우지 못합니다.',
  'depthDemo.claim.gradVanishes.fails':
    '이번에는 정규화 없이도 기울기가 거슬러 가는 동안 크기를 대체로 유지했습니다({value}배). s를 1에서 멀리 움직여 보세요.',
  'depthDemo.claim.gradVanishes.evidence': '정규화 없는 기울기 σ 입력/출력: {value}배',
  'depthDemo.claim.gradNormedSteady.holds':
    'LayerNorm을 두면 기울기가 거슬러 가는 동안 층마다 몇 퍼센트씩만 줄어듭니다(층당 {value}배).',
  'depthDemo.claim.gradNormedSteady.fails':
    'LayerNorm을 두어도 이번에는 기울기가 거슬러 가는 동안 층마다 {value}배씩 변합니다. 몇 퍼센트 수준이 아닙니다.',
  'depthDemo.claim.gradNormedSteady.evidence': 'LayerNorm을 둔 층당 배율: {value}',
  'gradNorms.title': '초기화 직후의 기울기: Post-LN과 Pre-LN',
  'gradNorms.caption':
    '깊이와 폭이 같은 두 인코더를 막 초기화한 상태(PyTorch 기본 초기화)로 비교합니다. 하나는 잔차 덧셈 뒤마다 LayerNorm을 두고(Post-LN, 마지막 정규화 없음), 다른 하나는 서브레이어 앞마다 LayerNorm을 둡니다(Pre-LN, 이 구조에 필요한 마지막 LayerNorm 포함). 둘 다 같은 배치에서 정렬 과제의 교차 엔트로피로 역전파를 한 번 합니다. 그래프는 층마다 FFN 출력 가중치 W₂(linear2.weight)의 기울기 노름을 보여 줍니다. 선은 시드 {seeds}개(가중치와 배치)의 중앙값이고, 띠는 가장 작은 값부터 가장 큰 값까지입니다.',
  'gradNorms.depth': '층 수',
  'gradNorms.width': '폭 d_model',
  'gradNorms.newWeights': '가중치 새로 뽑기',
  'gradNorms.yAxis': 'W₂ 기울기 노름(로그 눈금)',
  'gradNorms.xAxis': '층(입력 → 출력)',
  'gradNorms.legendPost': 'Post-LN',
  'gradNorms.legendPre': 'Pre-LN',
  'gradNorms.aria':
    '{depth}개 층의 층별 W₂ 기울기 노름을 로그 눈금으로 그린 그래프입니다. 선은 시드 {seeds}개의 중앙값, 띠는 그 범위입니다. Post-LN은 첫 층 {postFirst}, 마지막 층 {postLast}이고, Pre-LN은 첫 층 {preFirst}, 마지막 층 {preLast}입니다. 자세한 수치는 아래에 있습니다.',
  'gradNorms.readoutPost':
    'Post-LN W₂: 1층 {first}, 마지막 층 {last}(중앙값) · 마지막/첫 층 {ratio}배(시드별 {lo}–{hi}배)',
  'gradNorms.readoutPre':
    'Pre-LN W₂: 1층 {first}, 마지막 층 {last}(중앙값) · 마지막/첫 층 {ratio}배(시드별 {lo}–{hi}배)',
  'gradNorms.readoutLast': '마지막 층의 Post-LN/Pre-LN: {ratio}배(시드별 {lo}–{hi}배)',
  'gradNorms.readoutSetup':
    '{depth}개 층 · d_model {width} · d_ff {ff} · 헤드 {heads}개 · 정렬 과제 시퀀스 {batch}개 · 시드 {first}–{last} · 손실: Post-LN {lossPost}, Pre-LN {lossPre}',
  'gradNorms.measuring': '{depth}개 층을 재는 중: 기울기 계산 {total}번 가운데 {done}번 끝남…',
  'gradNorms.pending': '새 설정의 측정이 끝나면 그래프가 보여 주는 내용을 다시 적습니다.',
  'gradNorms.claim.postFlat.holds':
    'Post-LN: W₂의 기울기가 층마다 거의 같습니다. 마지막 층은 첫 층의 {value}배로, 어느 쪽으로든 1.25배 안에 있습니다.',
  'gradNorms.claim.postFlat.fails':
    'Post-LN: 이 설정에서는 마지막 층의 W₂ 기울기가 첫 층의 {value}배로, 1.25배 넘게 차이 납니다.',
  'gradNorms.claim.postFlat.evidence': 'Post-LN 마지막/첫 층, 중앙값: {value}배',
  'gradNorms.claim.preFalls.holds':
    'Pre-LN: W₂의 기울기가 출력 쪽으로 갈수록 커지지 않고 오히려 줄어듭니다. 마지막 층은 첫 층의 {value}배를 받습니다.',
  'gradNorms.claim.preFalls.fails': 'Pre-LN: 이 설정에서는 마지막 층의 W₂ 기울기가 첫 층보다 작지 않습니다({value}배).',
  'gradNorms.claim.preFalls.evidence': 'Pre-LN 마지막/첫 층, 중앙값: {value}배',
  'gradNorms.claim.nearOutput.holds':
    '출력에 가까운 곳에서는 Post-LN의 W₂가 더 큰 기울기를 받습니다. 마지막 층에서 Pre-LN의 {value}배입니다.',
  'gradNorms.claim.nearOutput.fails': '마지막 층에서 Pre-LN의 W₂ 기울기가 Post-LN만큼 크거나 더 큽니다({value}배).',
  'gradNorms.claim.nearOutput.evidence': '마지막 층 Post-LN/Pre-LN, 중앙값: {value}배',
  'gradNorms.method':
    '손실은 과제 자체의 것입니다. 무작위 시퀀스 {batch}개(어텐션 그림의 정렬 과제)의 실제 위치마다 예측한 숫자의 교차 엔트로피를, 학습 그림이 학습시키는 것과 같은 임베딩·인코더·선형 헤드를 거쳐 계산합니다. trainer.gradients()는 모든 파라미터의 기울기를 돌려주고 가중치는 초기화된 그대로 둡니다.',
  'gradNorms.note':
    'Xiong 등(2020)은 평균장 이론으로, 초기화 직후 Post-LN에서는 출력에 가까운 파라미터의 기울기 기댓값이 크고 Pre-LN에서는 기울기가 얌전하다는 것을 보였고, 이것이 Post-LN에 학습률 워밍업이 필요한 이유라고 설명합니다. 그 논문의 그림 3이 이 W₂ 기울기를 층별로 그린 것입니다. 그 그림처럼 Post-LN 스택 안에서 기울기가 출력 쪽으로 커지려면 초기화 직후 서브레이어의 출력이 잔차 스트림에 비해 커야 합니다. 이 라이브러리가 쓰는 PyTorch 기본 초기화는 그 출력을 작게 만들기 때문에, 기울기가 내려가는 동안 LayerNorm이 그 크기를 거의 바꾸지 않습니다. Liu 등(2020)은 이런 불균형한 기울기가 Post-LN 학습이 불안정한 근본 원인은 아니라고 봅니다. 층마다 잔차 가지에 크게 기대는 구조가 작은 파라미터 갱신을 증폭한다는 것입니다.',
  'train.title': '정렬 모델을 여기, 브라우저에서 학습시키기',
  'train.caption':
    '숫자 3~8개를 정렬하는 작은 인코더(d_model 64, 헤드 4개, d_ff 128, 2층)를 무작위 가중치에서 시작해 무작위 수열 배치로 학습합니다. 학습 손실이 떨어지고, 학습에 쓰지 않은 500개 수열에서의 정확도가 오르고, 그중 한 예시의 어텐션 맵이 모양을 갖추는 모습을 지켜보세요. 학습률 3e-2에서 워밍업 없이 Post-LN을 돌려 본 뒤, 같은 학습률로 Pre-LN을, 이어서 워밍업을 켠 Post-LN을 돌려 보세요. 한 번의 학습은 한 시드, 한 학습률의 결과입니다. 설명 아래의 비교는 네 가지 설정을 여러 시드로 학습해 결과가 얼마나 퍼지는지 보여 줍니다.',
  'train.norm': '정규화 위치',
  'train.norm.post': 'Post-LN',
  'train.norm.pre': 'Pre-LN',
  'train.lr': '최대 학습률',
  'train.warmup': '워밍업',
  'train.on': '켬',
  'train.off': '끔',
  'train.start': '학습',
  'train.pause': '일시 정지',
  'train.resume': '이어서 학습',
  'train.reset': '처음부터',
  'train.save': '가중치 내려받기',
  'train.load': '가중치 불러오기',
  'train.lossAxis': '학습 손실(로그 눈금)',
  'train.accAxis': '검증 정확도',
  'train.stepAxis': '{steps} 단계',
  'train.example': '검증 예시 {index}: 입력 {tokens} → 예측 {predictions}',
  'train.prevExample': '이전 예시',
  'train.nextExample': '다음 예시',
  'train.mapsAria':
    '검증 예시 {index}의 어텐션 맵: 2개 층 × 4개 헤드, 각각 쿼리 8개 × 키 8개이며 밝을수록 어텐션이 큽니다.',
  'train.head': '헤드 {head}',
  'train.layer': '{layer}층',
  'train.readoutStep': '{step}/{steps} 단계 · 손실 {loss} · 학습률 {lr}',
  'train.readoutAccuracy': '검증 정확도 {accuracy}% ({step} 단계 기준)',
  'train.readoutSpeed': '초당 토큰 {tokens}개 · 학습 {seconds}초 · {where}',
  'train.inWorker': 'Web Worker에서 실행 중',
  'train.inPage': '페이지에서 실행 중(워커를 쓸 수 없음)',
  'train.reached95': '{step} 단계, {seconds}초 만에 검증 정확도 95% 도달',
  'train.not95': '아직 검증 정확도 95%에 도달하지 않음',
  'train.statusIdle': '준비됨: 학습을 누르세요.',
  'train.statusRunning': '학습 중…',
  'train.statusPaused': '일시 정지됨.',
  'train.statusDone': '완료: 일정의 모든 단계를 마쳤습니다.',
  'train.statusStopped': '중단됨: {message}',
  'train.statusLoaded': '가중치를 불러왔습니다. 학습을 누르면 무작위 가중치에서 새로 시작합니다.',
  'train.statusError': '오류: {message}',
  'train.workerError': '학습 워커 오류({message}). 초기화하면 새 워커로 시작합니다.',
  'train.workerEnded': '학습 워커가 종료되었습니다. 초기화하면 새 워커로 시작합니다.',
  'train.loadNotWeights': '{name}: .safetensors 헤더를 읽을 수 없습니다.',
  'train.loadUnexpected': '{name}에 모델에 없는 {tensor}가 있습니다.',
  'train.loadMissing': '{name}에 {tensor} {expected}가 없습니다.',
  'train.loadTensor': '{name}: {tensor}는 {dtype} {shape}, 모델은 F32·F16·BF16 {expected}(오프셋 일치)가 필요합니다.',
  'train.loadSize':
    '{name}: {size}바이트, 모델에 맞는 크기는 정확히 {needed}바이트(헤더 {header} + 텐서 {tensors})입니다. 읽지 않았습니다.',
  'train.note':
    '단계마다 새 수열 {batch}개(검증 세트와 겹치지 않음)를 뽑아 순전파, 실제 위치에 대한 교차 엔트로피 손실, 역전파, 노름 1로의 기울기 클리핑, AdamW 갱신(beta 0.9와 0.98, 가중치 감쇠 0.01)을 라이브러리의 WebAssembly 커널에서 한 번의 호출로 수행합니다. 학습률은 학습 내내 설정값에서 0까지 코사인 곡선을 따라 내려갑니다. 워밍업을 켜면 처음 5% 단계 동안 먼저 선형으로 올라간 뒤 그 지점부터 코사인 곡선이 시작됩니다. 손실이 유한한 수가 아니게 되면 학습을 멈추고 손실이 유한했던 마지막 가중치를 남깁니다. 내려받은 .safetensors 파일은 scripts/train_tiny.py와 같은 이름을 씁니다. 한 번의 학습이 보여 주는 것은 시드와 학습률에 따라 달라집니다. <a data-cite="xiong2020">Xiong 외(2020)</a>는 초기화 시점의 기울기가 깊이에 따라 어떻게 달라지는지 분석했습니다. Post-LN에서는 출력 가까운 파라미터의 기울기가 층을 쌓아도 줄지 않고, Pre-LN에서는 층 수 L에 대해 1/√L처럼 줄어들기 때문에 Pre-LN은 워밍업 없이도 학습할 수 있다는 것입니다. 여기 모델은 2층이라 그 비율이 √2 정도에 불과합니다. 이 그림은 깊이 효과를 검증하지 않으며, 한 학습률에서 정규화 위치와 워밍업이 얕은 모델에 무엇을 하는지만 보여 줍니다. <a data-cite="liu2020">Liu 외(2020)</a>는 워밍업을 쓰면 Post-LN도 잘 학습되고 Pre-LN보다 더 좋은 결과로 끝나는 경우가 많다는 것을 보였고, Post-LN이 어려운 원인을 각 층이 잔차 가지에 크게 의존해 가중치의 작은 변화가 증폭되는 데서 찾았습니다. 비교에서는 고른 학습률로 네 가지 설정을 모두 측정합니다.',
  'train.compare': '비교: 네 가지 설정을 여러 시드로',
  'trainCompare.title': 'Post-LN과 Pre-LN, 워밍업 끔과 켬, 여러 시드로',
  'trainCompare.caption':
    '네 가지 설정을 각각 시드 1부터 k까지(가중치와 배치를 시드에서 뽑으며, 같은 시드면 네 설정이 같은 배치와 검증 세트를 씁니다) 한 최대 학습률에서 단일 학습과 같은 스케줄로 학습합니다. 띠는 끝난 시드들의 검증 값 중 가장 낮은 값부터 가장 높은 값까지이고, 띠 안의 선은 그 중앙값, 점선은 학습 중인 시드입니다. 표 아래 문장은 모든 학습이 끝나면 옆의 숫자로 정해집니다.',
  'trainCompare.seeds': '시드 수',
  'trainCompare.run': '비교 실행',
  'trainCompare.lossAxis': '검증 손실(로그 눈금)',
  'trainCompare.plotAria.accuracy':
    '네 가지 설정의 {steps}단계 동안 검증 정확도, 시드 {seeds}개의 중앙값과 범위. 마지막 중앙값: {medians}.',
  'trainCompare.plotAria.loss':
    '네 가지 설정의 {steps}단계 동안 검증 손실, 시드 {seeds}개의 중앙값과 범위. 마지막 중앙값: {medians}.',
  'trainCompare.arm.post': 'Post-LN',
  'trainCompare.arm.pre': 'Pre-LN',
  'trainCompare.arm.postWarmup': 'Post-LN + 워밍업',
  'trainCompare.arm.preWarmup': 'Pre-LN + 워밍업',
  'trainCompare.tableCaption': '마지막 단계에서 각 설정의 검증 정확도와 손실(시드 전체)',
  'trainCompare.colArm': '설정',
  'trainCompare.colAccuracy': '정확도: 중앙값(최소 – 최대)',
  'trainCompare.colLoss': '손실: 중앙값(최소 – 최대)',
  'trainCompare.colSeeds': '시드별 정확도(%)',
  'trainCompare.stopped': '(손실이 유한하지 않아 멈춤: 시드 {seeds})',
  'trainCompare.claimsPending': '이 학습들에 대한 문장은 모든 시드가 끝나면 나타납니다.',
  'trainCompare.statusIdle': '준비됨: 비교 실행을 누르세요.',
  'trainCompare.statusRunning': '시드 {seeds}개 중 {seed}번째 학습 중(네 학습을 나란히)…',
  'trainCompare.statusPaused': '시드 {seeds}개 중 {seed}번째에서 일시 정지.',
  'trainCompare.statusDone': '완료: 학습 {runs}번, {seconds}초.',
  'trainCompare.readoutStep': '단계 {step} · 최대 학습률 {lr} · 배치 {batch}',
  'trainCompare.scope':
    '시드 {seeds}개 × 설정 4개, 각각 수열 {batch}개 배치로 {steps}단계, 최대 학습률 {lr}: 2층 모델이므로 여기서 달라지는 것은 이 학습률에서의 정규화 위치와 워밍업이지 깊이가 아닙니다.',
  'trainCompare.lost': '학습 워커가 멈췄습니다. 비교 실행을 누르면 새 워커에서 처음부터 다시 합니다',
  'trainCompare.claim.preOverPost.holds':
    '워밍업 없이도 모든 시드에서 Pre-LN이 Post-LN보다 1%p 넘게 높게 끝납니다. 이 학습률에서는 LayerNorm을 서브레이어 앞으로 옮기는 것만으로 학습이 됩니다.',
  'trainCompare.claim.preOverPost.fails':
    '워밍업 없이는 Pre-LN이 모든 시드에서 Post-LN보다 1%p 넘게 높게 끝나지는 않습니다. 이 학습률에서는 LayerNorm의 위치만으로 둘이 갈리지 않습니다.',
  'trainCompare.claim.preOverPost.evidence':
    '시드별 차이 Pre-LN − Post-LN의 최솟값: {value}%p (중앙값 {pre}%와 {post}%)',
  'trainCompare.claim.warmupPost.holds': '워밍업은 모든 시드에서 Post-LN을 1%p 넘게 끌어올립니다.',
  'trainCompare.claim.warmupPost.fails':
    '이 학습률에서 워밍업이 모든 시드에서 Post-LN을 1%p 넘게 끌어올리지는 않습니다.',
  'trainCompare.claim.warmupPost.evidence':
    '시드별 차이 Post-LN + 워밍업 − Post-LN의 최솟값: {value}%p (중앙값 {postWarmup}%와 {post}%)',
  'trainCompare.claim.warmupPre.holds':
    '워밍업은 모든 시드에서 Pre-LN도 1%p 넘게 끌어올립니다. 여기서는 Pre-LN이라고 워밍업이 필요 없어지지 않습니다.',
  'trainCompare.claim.warmupPre.fails': '이 학습률에서 워밍업이 모든 시드에서 Pre-LN을 1%p 넘게 끌어올리지는 않습니다.',
  'trainCompare.claim.warmupPre.evidence':
    '시드별 차이 Pre-LN + 워밍업 − Pre-LN의 최솟값: {value}%p (중앙값 {preWarmup}%와 {pre}%)',
  'trainCompare.claim.warmupOverNorm.holds':
    '워밍업을 쓴 Post-LN이 워밍업 없는 Pre-LN보다 1%p 넘게 높게 끝납니다(중앙값). 이 학습률에서는 워밍업이 LayerNorm을 옮기는 것보다 Post-LN에 더 큰 도움이 됩니다.',
  'trainCompare.claim.warmupOverNorm.fails':
    '워밍업을 쓴 Post-LN이 워밍업 없는 Pre-LN보다 1%p 넘게 높게 끝나지 않습니다(중앙값). 이 학습률에서는 워밍업이 LayerNorm을 옮기는 것보다 Post-LN에 더 큰 도움이 되지 않습니다.',
  'trainCompare.claim.warmupOverNorm.evidence':
    'Post-LN + 워밍업 중앙값 − Pre-LN 중앙값: {value}%p ({postWarmup}%와 {pre}%)',
  'trainCompare.claim.bothBest.holds':
    '단일 학습의 실험에서 빠진 설정인 워밍업을 쓴 Pre-LN이 나머지보다 1%p 넘게 높게, 가장 높게 끝납니다(중앙값).',
  'trainCompare.claim.bothBest.fails':
    '이 학습률에서는 워밍업을 쓴 Pre-LN이 다른 모든 설정보다 1%p 넘게 높게 끝나지 않습니다(중앙값).',
  'trainCompare.claim.bothBest.evidence':
    'Pre-LN + 워밍업 중앙값 − 나머지 중 가장 높은 중앙값: {value}%p (중앙값: Post-LN {post}%, Pre-LN {pre}%, Post-LN + 워밍업 {postWarmup}%, Pre-LN + 워밍업 {preWarmup}%)',
  // ── </nw-depth-demo> ──

  // ── <nw-ln-steps> ──
  'lnSteps.title': 'LayerNorm 네 단계를 한 벡터로',
  'lnSteps.caption':
    '벡터 하나가 LayerNorm의 네 단계(① 평균 μ, ② 분산 σ², ③ 정규화 x̂, ④ 스케일·이동 y)를 차례로 지납니다. 점 하나가 특징 하나이고, 네 줄은 같은 가로축을 씁니다. 주황 세로선은 그 줄의 평균, 옅은 띠는 평균 ± 표준편차 구간입니다. 단계 버튼을 누르면 그 단계가 이 그림과 페이지의 다른 LayerNorm 그림에서 함께 강조됩니다. 입력은 슬라이더의 평균·표준편차로 뽑은 표본입니다.',
  'lnSteps.h': '벡터 크기 H',
  'lnSteps.mean': '입력 평균',
  'lnSteps.std': '입력 표준편차',
  'lnSteps.gamma': 'γ (스케일)',
  'lnSteps.beta': 'β (이동)',
  'lnSteps.newVector': '새 입력 벡터',
  'lnSteps.stage.x': '입력 x',
  'lnSteps.stage.centered': 'x − μ (① μ를 뺀 값, ② σ²는 이 값들의 제곱 평균)',
  'lnSteps.stage.hat': '③ 정규화 x̂',
  'lnSteps.stage.y': '④ 스케일·이동 y = γ·x̂ + β',
  'lnSteps.op.center': '① μ = {mu} 구해서 빼기',
  'lnSteps.op.scale': '② σ² = {variance} → ③ ÷ √(σ² + ε) = {sd}',
  'lnSteps.op.affine': '④ × γ + β  (γ = {gamma}, β = {beta})',
  'lnSteps.stats': 'μ = {mean} · σ = {std}',
  'lnSteps.aria': '{stage}: 값 {h}개의 띠 그래프, 평균 {mean}, 표준편차 {std}',
  'lnSteps.readoutInput': 'H = {h}인 이 벡터의 μ = {mu}, σ² = {variance} (σ = {std})',
  'lnSteps.claim.sampleNear.holds':
    'LayerNorm이 실제로 쓰는 μ = {mu}, σ = {sigma}는 표본 자신의 값이라, 슬라이더의 {mean}, {std}와 조금 다릅니다.',
  'lnSteps.claim.sampleNear.fails':
    '이 표본의 μ = {mu}, σ = {sigma}는 슬라이더의 {mean}, {std}에서 많이 벗어났습니다. 특징 수가 적으면 한 번 뽑은 값이 크게 빗나갈 수 있습니다.',
  'lnSteps.claim.sampleNear.evidence': '|μ − 평균| / 표준편차: {value}',
  'lnSteps.claim.hatUnit.holds': '③ x̂는 입력이 어땠든 평균 0, 표준편차 1입니다(측정값 {mean}, {std}).',
  'lnSteps.claim.hatUnit.fails': '여기서는 ③ x̂가 평균 0, 표준편차 1에서 10⁻³ 넘게 벗어납니다(측정값 {mean}, {std}).',
  'lnSteps.claim.hatUnit.evidence': '평균 0, 표준편차 1과의 최대 차이: {value}',
  'lnSteps.claim.hatBelow.holds': '제곱근 안의 ε = {eps} 때문에 ③ x̂의 표준편차는 1보다 아주 조금 작습니다.',
  'lnSteps.claim.hatBelow.fails':
    '여기서는 ③ x̂의 표준편차가 1보다 작게 재지지 않습니다. ε = {eps}가 덜어 낸 만큼을 float32 반올림이 가립니다.',
  'lnSteps.claim.hatBelow.evidence': '1 − std(x̂): {value}',
  'lnSteps.claim.yAffine.holds': '④ y는 평균이 β = {beta}, 표준편차가 |γ| = {gamma}입니다(측정값 {mean}, {std}).',
  'lnSteps.claim.yAffine.fails':
    '④ y가 평균 β = {beta}이나 표준편차 |γ| = {gamma}에서 10⁻³ 넘게 벗어납니다(측정값 {mean}, {std}).',
  'lnSteps.claim.yAffine.evidence': 'β, |γ|와의 최대 차이: {value}',
  // ── </nw-ln-steps> ──

  // ── <nw-ln-simulator> ──
  'lnSim.title': 'LayerNorm 시뮬레이터',
  'lnSim.caption':
    '표준정규분포에서 뽑은 H개의 값을 입력 평균만큼 옮기고 입력 표준편차만큼 늘인 벡터 하나를 LayerNorm에 넣습니다. 슬라이더를 움직이는 동안에도 매번 새로 계산합니다.',
  'lnSim.mean': '입력 평균',
  'lnSim.std': '입력 표준편차',
  'lnSim.gamma': 'γ (스케일)',
  'lnSim.beta': 'β (이동)',
  'lnSim.h': '벡터 크기 H',
  'lnSim.newSample': '새 표본 뽑기',
  'lnSim.before': '정규화 전 x',
  'lnSim.after': '정규화 후 γ·x̂ + β',
  'lnSim.stats': 'μ = {mean} · σ = {std}',
  'lnSim.aria.before': '정규화 전 값 {h}개의 히스토그램. 평균 {mean}, 표준편차 {std}.',
  'lnSim.aria.after': 'LayerNorm을 거친 값 {h}개의 히스토그램. 평균 {mean}, 표준편차 {std}.',
  'lnSim.axisNote':
    '두 히스토그램은 같은 가로축과 같은 구간 {bins}개를 씁니다. 막대 높이는 그림마다 가장 높은 막대에 맞췄습니다. 주황 선은 평균 μ, 옅은 띠는 μ ± σ입니다.',
  'lnSim.readoutBefore': '전 (H = {h}): μ = {mean}, σ = {std} — 슬라이더: 평균 {targetMean}, 표준편차 {targetStd}',
  'lnSim.readoutAfter': '후: μ = {mean}, σ = {std} — β = {beta}, |γ| = {gamma}',
  'lnSim.readoutEps': '전후의 μ와 σ는 모두 LayerNorm 커널이 계산합니다. ε = {eps}',
  'lnSim.claim.sampleNear.holds': '입력은 표본이라 μ = {mu}, σ = {sigma}가 설정값({mean}, {std})과 조금 다릅니다.',
  'lnSim.claim.sampleNear.fails': '이 표본의 μ = {mu}, σ = {sigma}는 설정값({mean}, {std})에서 많이 벗어났습니다.',
  'lnSim.claim.sampleNear.evidence': '|μ − 평균| / 표준편차: {value}',
  'lnSim.claim.afterAffine.holds':
    'LayerNorm을 거치면 입력이 어디에 있었든 평균이 β = {beta}, 표준편차가 |γ| = {gamma}가 됩니다(측정값 {mean}, {std}).',
  'lnSim.claim.afterAffine.fails':
    'LayerNorm을 거친 평균이나 표준편차가 β = {beta}, |γ| = {gamma}에서 10⁻³ 넘게 벗어납니다(측정값 {mean}, {std}).',
  'lnSim.claim.afterAffine.evidence': 'β, |γ|와의 최대 차이: {value}',
  // ── </nw-ln-simulator> ──

  // ── <nw-ln-pipeline> ──
  'lnPipe.title': 'LN 순전파 파이프라인 — 토큰 하나, H = 8',
  'lnPipe.caption':
    '토큰 하나의 {h}차원 벡터가 LayerNorm을 지나는 과정입니다. 값을 고치면 μ, σ², x̂, y가 곧바로 다시 계산됩니다. γ와 β는 스칼라가 아니라 길이 H인 벡터라서 차원마다 따로 정할 수 있습니다. 단계 제목을 누르면 그 단계가 페이지의 다른 LayerNorm 그림에서도 강조됩니다.',
  'lnPipe.inputs': '입력 x — 값을 직접 고쳐 보세요',
  'lnPipe.formulas': '네 단계의 수식 (① μ부터 ④ y까지)',
  'lnPipe.symHelp':
    '수식의 기호를 누르거나, Tab으로 수식에 들어가 ←/→로 옮겨 다니면 그 기호의 뜻과 지금 값이 아래에 나옵니다.',
  'lnPipe.symHint': '기호를 고르면 여기에 뜻과 현재 값이 나타납니다.',
  'lnPipe.symNow': '지금 값: {value}',
  'lnPipe.symLabel': '{symbol} — {name}',
  'lnPipe.sym.mu.name': '평균',
  'lnPipe.sym.mu.text':
    '한 토큰의 H개 값을 모두 더해 H로 나눈 값입니다. 토큰마다 스칼라 하나이고, 배치의 다른 샘플과는 상관이 없습니다.',
  'lnPipe.sym.sigma2.name': '분산',
  'lnPipe.sym.sigma2.text':
    '각 값이 μ에서 떨어진 거리를 제곱해 평균낸 값입니다. H − 1이 아니라 H로 나눈 분산(모분산)으로, PyTorch의 LayerNorm과 같습니다.',
  'lnPipe.sym.H.name': '특징 수',
  'lnPipe.sym.H.text': '정규화하는 축의 길이입니다. 트랜스포머에서는 d_model이고, 이 그림에서는 8입니다.',
  'lnPipe.sym.sum.name': '합',
  'lnPipe.sym.sum.text':
    'i = 1부터 H까지 모든 차원을 더합니다. 이렇게 더하는 방향이 곧 LayerNorm이 정규화하는 축입니다.',
  'lnPipe.sym.x.name': 'i번째 입력값',
  'lnPipe.sym.x.text': '토큰 벡터의 i번째 성분입니다. i는 아래의 “차원 i”에서 고릅니다.',
  'lnPipe.sym.xhat.name': '표준화된 값',
  'lnPipe.sym.xhat.text':
    'xᵢ에서 μ를 빼고 √(σ² + ε)로 나눈 값입니다. 제곱근 안의 ε 때문에 여덟 값의 분산은 σ²/(σ² + ε)로, 1보다 아주 조금 작습니다.',
  'lnPipe.sym.eps.name': '엡실론',
  'lnPipe.sym.eps.text':
    '분산이 0에 가까워도 0으로 나누는 일이 없도록 더하는 아주 작은 수입니다. PyTorch 기본값과 같은 1e-5를 씁니다.',
  'lnPipe.sym.gamma.name': '스케일',
  'lnPipe.sym.gamma.text': '차원마다 학습되는 배율로, x̂ᵢ를 몇 배로 늘일지 정합니다. 기본값은 1입니다.',
  'lnPipe.sym.beta.name': '이동',
  'lnPipe.sym.beta.text': '차원마다 학습되는 오프셋으로, 늘인 값에 더해져 중심을 옮깁니다. 기본값은 0입니다.',
  'lnPipe.sym.y.name': '출력',
  'lnPipe.sym.y.text': 'LayerNorm의 최종 출력 γᵢ·x̂ᵢ + βᵢ입니다. 이 값이 다음 서브레이어로 넘어갑니다.',
  'lnPipe.f1.note': '한 토큰 안의 H개 값만으로 구합니다. 배치에 다른 토큰이 몇 개 있든 결과는 같습니다.',
  'lnPipe.f2.note': '각 값이 μ에서 떨어진 거리의 제곱을 평균냅니다. H로 나눈 분산(모분산)입니다.',
  'lnPipe.f3.note': '평균을 빼서 중심을 0에 맞추고, 표준편차로 나눠 퍼진 정도를 1로 맞춥니다.',
  'lnPipe.f4.note':
    '차원마다 다른 γᵢ와 βᵢ로 모델이 원하는 크기와 위치를 되찾습니다. 아래 표에서 직접 바꿀 수 있습니다.',
  'lnPipe.barsAria':
    '입력 x, 표준화한 x̂, 출력 y의 여덟 차원 막대그래프입니다. 차원 {dim}이 강조되어 있고, 정확한 값은 아래 표와 수치 영역에 있습니다.',
  'lnPipe.perDim': '차원별 γᵢ, βᵢ와 출력',
  'lnPipe.dim': '차원 i',
  'lnPipe.tableCaption': '차원별 입력값, 표준화한 값, γ, β, 출력',
  'lnPipe.readoutStats': 'μ = {mu}, σ² = {variance}, mean(x̂) = {hatMean}, var(x̂) = {hatVar}',
  'lnPipe.readoutHat': '표준화 x̂ = [{values}]',
  'lnPipe.readoutY': '출력 y = γ ⊙ x̂ + β = [{values}]',
  'lnPipe.claim.hatUnit.holds': '어떤 값을 넣든 여덟 개의 x̂는 평균 0, 분산 1입니다(측정값 {mean}, {variance}).',
  'lnPipe.claim.hatUnit.fails':
    '여기서는 여덟 개의 x̂가 분산 1로 퍼지지 않습니다(측정값 평균 {mean}, 분산 {variance}). σ² = {sigma2}이면 퍼뜨릴 것이 거의 없고, ε이 나눗셈을 유한하게 지켜 줍니다.',
  'lnPipe.claim.hatUnit.evidence': '|1 − var(x̂)|: {value}',
  // ── </nw-ln-pipeline> ──

  // ── <nw-norm-axes> ──
  'normAxes.title': '누가 같은 μ와 σ를 나눠 쓰나 — 배치 정규화 대 레이어 정규화',
  'normAxes.caption':
    '행은 배치 안의 샘플(N), 열은 특징(C)입니다. 초록색 칸들이 하나의 평균 μ와 분산 σ²를 함께 씁니다. 배치 정규화는 한 열(같은 특징을 배치 전체에서), 레이어 정규화는 한 행(한 샘플의 모든 특징)이 한 묶음입니다. 칸을 가리키거나 초점을 옮기면 그 묶음의 통계가 계산되어 나옵니다.',
  'normAxes.mode': '정규화 방식',
  'normAxes.modeBn': '배치 정규화 (열)',
  'normAxes.modeLn': '레이어 정규화 (행)',
  'normAxes.rows': '배치 크기 N (행)',
  'normAxes.cols': '특징 수 C (열)',
  'normAxes.newBatch': '새 배치',
  'normAxes.corner': '행은 샘플, 열은 특징',
  'normAxes.featureName': '특징 {c}',
  'normAxes.sampleName': '샘플 {n}',
  'normAxes.rowMeanTitle': '행(샘플)마다의 평균 μ — 레이어 정규화 통계',
  'normAxes.colMeanTitle': '열(특징)마다의 평균 μ — 배치 정규화 통계',
  'normAxes.gridCaptionBn': '배치 {rows} × 특징 {cols}. 맨 아래 μ 행은 열마다 하나씩 구한 배치 정규화 평균입니다.',
  'normAxes.gridCaptionLn': '배치 {rows} × 특징 {cols}. 맨 오른쪽 μ 열은 행마다 하나씩 구한 레이어 정규화 평균입니다.',
  'normAxes.stripAria':
    '선택한 묶음의 값 {n}개: 위 줄은 입력 x와 μ ± σ 구간, 아래 줄은 정규화한 x̂와 0 ± 1 구간. 정확한 수치는 아래 수치 영역에 있습니다.',
  'normAxes.rowX': '입력 x',
  'normAxes.rowXhat': '정규화 x̂',
  'normAxes.groupBn': '배치 정규화 · 특징 c{c} 열 (샘플 {n}개)',
  'normAxes.groupLn': '레이어 정규화 · 샘플 s{r} 행 (특징 {n}개)',
  'normAxes.legendGroupBn': '같은 μ·σ를 쓰는 칸 (한 열)',
  'normAxes.legendGroupLn': '같은 μ·σ를 쓰는 칸 (한 행)',
  'normAxes.legendCurrent': '선택한 칸',
  'normAxes.keys':
    '칸에 포인터를 올리거나, 표의 칸에 초점을 두고 화살표 키로 옮겨 보세요. Home/End는 행의 처음과 끝, Ctrl+Home/End는 표의 처음과 끝으로 갑니다.',
  'normAxes.readout':
    '{group}: μ = {mean}, σ² = {variance} (σ = {sigma}) — {kernel}\n선택한 칸 (샘플 s{r}, 특징 c{c}): x = {x} → x̂ = (x − μ) / √(σ² + ε) = {xhat}',
  'normAxes.noteBn':
    '배치 정규화는 PyTorch의 학습 모드처럼 배치 통계를 씁니다. 열마다 평균과 N으로 나눈 분산(모분산)을 구하고, ε = {eps}입니다.',
  'normAxes.noteLn':
    '레이어 정규화는 PyTorch의 layer_norm처럼 행마다 평균과 C로 나눈 분산(모분산)을 구하고, ε = {eps}입니다.',
  'normAxes.claim.bnDepends.holds':
    '배치의 다른 샘플이 바뀌면 같은 칸도 다르게 정규화됩니다. 다른 샘플 {others}개를 새로 뽑으면 칸 (s{r}, c{c})는 {xhat} 대신 {other}가 됩니다.',
  'normAxes.claim.bnDepends.fails':
    '다른 샘플 {others}개를 새로 뽑아도 칸 (s{r}, c{c})는 여전히 {xhat}로 정규화됩니다.',
  'normAxes.claim.bnDepends.evidence': '칸의 |Δx̂|: {value}',
  'normAxes.claim.lnIndependent.holds':
    '다른 샘플이 무엇이든 이 행의 결과는 그대로입니다. 다른 샘플 {others}개를 새로 뽑아도 칸 (s{r}, c{c})는 마지막 비트까지 {xhat}입니다.',
  'normAxes.claim.lnIndependent.fails':
    '다른 샘플 {others}개를 새로 뽑자 칸 (s{r}, c{c})가 {xhat}에서 {other}로 움직였습니다.',
  'normAxes.claim.lnIndependent.evidence': '칸의 |Δx̂|: {value}',
  // ── </nw-norm-axes> ──

  // ── <nw-batch-independence> ──
  'batchIndep.title': '배치를 절반으로 줄이면 — 레이어 정규화는 그대로, 배치 정규화는 흔들린다',
  'batchIndep.caption':
    '같은 배치를 두 번 정규화합니다. 한 번은 샘플 B개 전부로, 한 번은 앞의 B/2개만으로. 두 경우 모두 평균을 새로 계산합니다.',
  'batchIndep.batch': '배치 크기 B',
  'batchIndep.batchValue': '{b} → 절반 {half}',
  'batchIndep.regenerate': '배치 다시 뽑기',
  'batchIndep.lnTitle': '레이어 정규화: 샘플마다의 μ',
  'batchIndep.bnTitle': '배치 정규화: 채널마다의 μ',
  'batchIndep.legendKept': '절반에도 남는 샘플',
  'batchIndep.legendDropped': '빠지는 샘플',
  'batchIndep.legendHalfMu': '절반만으로 다시 구한 μ',
  'batchIndep.legendFull': 'B = {b}개로 구한 μ',
  'batchIndep.legendHalf': 'B/2 = {half}개로 구한 μ',
  'batchIndep.lnAria':
    '샘플 {b}개 각각의 레이어 정규화 평균을 막대로 그렸습니다. 앞의 {half}개에는 절반 배치로 다시 구한 평균이 눈금으로 표시됩니다.',
  'batchIndep.bnAria':
    '채널 {c}개의 배치 정규화 평균: 채널마다 전체 배치로 구한 막대와 절반 배치로 구한 막대, 위에는 차이 |Δμ|.',
  'batchIndep.keptHalf': '앞의 {half}개만 사용',
  'batchIndep.deltaAxis': '막대 위 숫자 = |Δμ|',
  'batchIndep.lnNote': '샘플 0의 μ: B = {b}일 때 {full}, B/2 = {half}일 때 {halfMu}.',
  'batchIndep.readout':
    '레이어 정규화 — 샘플 0의 μ: B = {b}개로 {full}, 앞의 B/2 = {half}개만으로 {halfMu} → |Δ| = {lnDelta} (정규화된 출력도 최대 |Δ| = {outDelta})\n배치 정규화 — 채널별 |Δμ| = {deltas}\n가장 크게 움직인 채널 c{c}: |Δμ| = {worst}',
  'batchIndep.note':
    '레이어 정규화는 샘플 0 자신의 특징만 보므로 배치에 누가 함께 있든 같은 답을 냅니다. 추론에서도 똑같이 계산하면 되고, 학습 중 모은 이동 평균이 필요 없습니다. 배치 정규화는 채널마다 배치 전체를 평균하므로 배치가 작거나 구성이 바뀌면 통계가 흔들립니다.',
  'batchIndep.claim.lnSame.holds':
    '레이어 정규화: 샘플 0의 μ와 정규화된 출력은 B = {b}일 때와 B/2 = {half}일 때 마지막 비트까지 똑같습니다.',
  'batchIndep.claim.lnSame.fails': '레이어 정규화: 배치를 반으로 줄이자 샘플 0의 통계가 움직였습니다({value}만큼).',
  'batchIndep.claim.lnSame.evidence': '샘플 0의 최대 |Δ|: {value}',
  'batchIndep.claim.bnMoves.holds':
    '배치 정규화: 채널 평균은 배치에 누가 있느냐에 달려 있습니다. 앞의 {half}개만 남기자 평균이 움직였고, 가장 크게 움직인 곳은 채널 c{c}입니다.',
  'batchIndep.claim.bnMoves.fails': '배치 정규화: 이번에는 배치를 반으로 줄여도 움직인 채널 평균이 없습니다.',
  'batchIndep.claim.bnMoves.evidence': '최대 |Δμ|: {value}',
  // ── </nw-batch-independence> ──

  // ── <nw-prepost-ln> ──
  'prePost.title': 'Post-LN과 Pre-LN — 잔차 스트림의 크기를 층마다 재 보기',
  'prePost.caption':
    '초록 선이 잔차 연결(skip)입니다. 아래 그래프는 무작위 가중치(시드 고정)의 실제 인코더 스택(d_model {d}, 헤드 {heads}개, d_ff {dff})에 토큰 {tokens}개짜리 고정 입력을 통과시키며, 층마다 잔차 스트림의 노름을 잽니다. 두 LN 위치 모두 같은 가중치를 씁니다.',
  'prePost.wiring': 'LN 위치',
  'prePost.layers': '층 수 N',
  'prePost.sublayer': '서브레이어',
  'prePost.sublayerHint': '어텐션 또는 FFN',
  'prePost.skipLabel': 'skip: x 그대로',
  'prePost.diagramAriaPost':
    'Post-LN: x가 서브레이어를 거쳐 더하기 노드에서 skip으로 온 x와 합쳐진 뒤 LN을 지나 y가 됩니다. skip 경로도 LN을 거칩니다.',
  'prePost.diagramAriaPre':
    'Pre-LN: x가 LN과 서브레이어를 거친 결과가 더하기 노드에서 skip으로 온 x에 더해져 y가 됩니다. skip 경로에는 LN이 없습니다.',
  'prePost.formulaPost': 'y = LN(x + Sublayer(x))',
  'prePost.formulaPre': 'y = x + Sublayer(LN(x))',
  'prePost.explainPost':
    '잔차를 더한 뒤에 정규화합니다(원래 트랜스포머, BERT). 층을 지날 때마다 skip을 포함한 스트림 전체가 다시 정규화됩니다. 그 대신 기울기도 층마다 LN을 통과해야 합니다.',
  'prePost.explainPre':
    '서브레이어의 입력만 정규화합니다(GPT-2 이후 대부분의 LLM). skip 경로에는 LN이 없어서 x가 y까지 그대로 전해지고(흔히 기울기의 “고속도로”라고 부르는 경로), 층마다 서브레이어의 출력이 스트림에 더해지기만 합니다.',
  'prePost.refLegend': '√d_model = √{d} = {s}',
  'prePost.xAxis': '층 (0 = 입력)',
  'prePost.yAxis': '잔차 스트림 노름 ‖h‖ (토큰 {tokens}개 평균)',
  'prePost.plotAria':
    '층 0부터 {n}까지 잔차 스트림의 노름. Post-LN은 마지막 층에서 {post}, Pre-LN은 {pre}입니다. 층별 수치는 아래 표에 있습니다.',
  'prePost.readout':
    '{wiring} 선택 · N = {n}층\n마지막 층({n}) 뒤 잔차 스트림 노름: Post-LN {post} (√{d} = {sqrt}), Pre-LN {pre} (입력 {input}의 {ratio}배)',
  'prePost.method':
    '층마다의 상태는 시드를 고정한 {max}층 인코더를 { hiddenStates: true }로 forward() 한 번 실행해 얻었습니다. 시드가 같은 스택은 서로의 앞부분입니다. 이 시드의 N층 인코더는 {max}층 인코더의 앞 N층과 정확히 같으므로(라이브러리가 가중치를 state_dict 순서로 뽑습니다) {max}층을 한 번만 계산하고, 슬라이더는 그중 몇 층을 보여 줄지만 고릅니다. 마지막 상태와 forward() 출력의 최대 차이: {check}. PyTorch 추론과 같이 드롭아웃은 없고, 스택 끝의 최종 LayerNorm도 없습니다.',
  'prePost.claim.postAtSqrtD.holds':
    'Post-LN: γ = 1, β = 0이면 토큰 벡터의 노름이 층을 지날 때마다 √d = {sqrt}로 돌아옵니다({n}층 뒤 {end}).',
  'prePost.claim.postAtSqrtD.fails':
    'Post-LN: 어떤 층 뒤에서는 토큰 벡터의 노름이 √d = {sqrt}에서 1 % 넘게 벗어납니다({n}층 뒤 {end}).',
  'prePost.claim.postAtSqrtD.evidence': '1–{n}층에서 √d와의 최대 차이: {value}',
  'prePost.claim.preGrows.holds':
    'Pre-LN: 층마다 서브레이어의 출력이 스트림에 더해져 노름이 깊이에 따라 자랍니다. 입력의 {input}에서 {n}층 뒤 {end}가 됩니다.',
  'prePost.claim.preGrows.fails': 'Pre-LN: {n}층 뒤 스트림의 노름({end})이 입력({input})보다 크지 않습니다.',
  'prePost.claim.preGrows.evidence': 'Pre-LN {n}층 뒤 ‖h‖ / 입력: {value}배',
  'prePost.tableSummary': '층별 수치 표',
  'prePost.tableLayer': '층',
  // ── </nw-prepost-ln> ──

  // ── <nw-rmsnorm> ──
  'rmsNorm.title': '레이어 정규화 대 RMSNorm — 평균을 빼느냐 마느냐',
  'rmsNorm.caption':
    '같은 8개 값을 두 방식으로 정규화합니다. 레이어 정규화는 평균을 빼고 표준편차로 나누고, RMSNorm은 평균을 빼지 않고 RMS(x)로만 나눕니다. 점선 막대는 입력 x, 가로 점선은 출력의 평균입니다. “이동” 슬라이더로 모든 값에 같은 수를 더해 보세요.',
  'rmsNorm.gamma': 'γ (모든 특징 공통)',
  'rmsNorm.shift': '이동 (모든 x에 더함)',
  'rmsNorm.legendX': '입력 x',
  'rmsNorm.legendMean': '출력 평균 mean(y)',
  'rmsNorm.lnFormula': 'y = γ · (x − μ) / √(σ² + ε)',
  'rmsNorm.rmsFormula': 'y = γ · x / √(mean(x²) + ε)',
  'rmsNorm.lnAria': '레이어 정규화 출력 8개의 막대와 입력 x의 점선 막대. 출력 평균은 {mean}입니다.',
  'rmsNorm.rmsAria': 'RMSNorm 출력 8개의 막대와 입력 x의 점선 막대. 출력 평균은 {mean}입니다.',
  'rmsNorm.timeAria': '실행 시간 막대: LayerNorm {ln} ms, RMSNorm {rms} ms, 복사 기준(ReLU) {copy} ms.',
  'rmsNorm.ms': '{t} ms',
  'rmsNorm.readout':
    'γ = {gamma} · mean(x) = {meanX} · RMS(x) = {rms}\n레이어 정규화 mean(y) = {meanLn} · RMSNorm mean(y) = {meanRms}',
  'rmsNorm.readoutTime':
    '{rows} × {cols} 입력, {runs}회 중앙값: LayerNorm {ln} ms · RMSNorm {rms} ms → RMSNorm/LayerNorm = {ratio}\n같은 데이터를 넣고 빼기만 하는 ReLU: {copy} ms ({run}번째 측정)',
  'rmsNorm.measuring': '두 커널의 실행 시간을 재는 중…',
  'rmsNorm.measure': '다시 재기',
  'rmsNorm.measuringButton': '재는 중…',
  'rmsNorm.timeCaption':
    '이 브라우저에서 {rows} × {cols} 입력(8 MiB)에 세 함수를 돌아가며 {runs}번씩 부른 중앙값입니다. 시간은 함수 호출 전체이고, 입력을 WebAssembly 메모리로 복사해 넣고 결과를 꺼내는 시간이 포함됩니다. 점선 막대(ReLU)는 같은 복사에 계산이 거의 없는 호출이라, 시간의 얼마가 복사인지 보여 줍니다. 기기와 브라우저, 그 순간의 부하에 따라 달라집니다.',
  'rmsNorm.note':
    '레이어 정규화는 평균을 빼므로, 모든 x에 같은 수를 더해도 y는 바뀔 수 없습니다. RMSNorm은 아무것도 빼지 않으므로 mean(y) = γ · mean(x) / RMS(x)가 됩니다. 그래도 학습된 모델에서는 성능 차이가 작아, LLaMA·Mistral·Gemma 등이 RMSNorm을 씁니다.',
  'rmsNorm.claim.lnIgnoresShift.holds':
    '레이어 정규화는 이동에 흔들리지 않습니다. 이동 {shift}를 더한 출력이 더하지 않은 출력과 같고, 평균은 {meanLn}에 머뭅니다.',
  'rmsNorm.claim.lnIgnoresShift.fails': '레이어 정규화의 출력이 이동을 따라 float32 반올림보다 크게 움직였습니다.',
  'rmsNorm.claim.lnIgnoresShift.evidence': '이동 0일 때와의 최대 |Δy|: {value}',
  'rmsNorm.claim.rmsKeepsMean.holds':
    'RMSNorm은 평균을 남깁니다. 출력의 평균이 {value}로, mean(x) = {meanX}와 부호가 같습니다.',
  'rmsNorm.claim.rmsKeepsMean.fails':
    '여기서는 RMSNorm 출력에 평균이라 할 만한 것이 없습니다({value}). γ = {gamma}, mean(x) = {meanX}이면 남길 평균이 없습니다.',
  'rmsNorm.claim.rmsKeepsMean.evidence': 'RMSNorm mean(y) = γ · mean(x) / RMS(x): {value}',
  'rmsNorm.copyLabel': 'ReLU (복사)',
  // ── </nw-rmsnorm> ──

  // ── <nw-quiz> ──
  'quiz.title.article': '이해도 점검 (8문항)',
  'quiz.title.ln': '레이어 정규화 이해도 점검 (5문항)',
  'quiz.caption':
    '보기를 고른 뒤 “답 확인”(또는 Enter)을 누르세요. 화살표 키로 보기 사이를 옮기는 것만으로는 답이 되지 않습니다. 문항마다 처음 확인한 답으로 채점합니다. 그 뒤에 다른 보기를 확인하면 그 보기의 설명만 나오고 점수는 바뀌지 않습니다. 보기 순서는 열 때마다 섞입니다. 처음부터 다시 하려면 아래 “다시 풀기”를 누르세요.',
  'quiz.q1': '레이어 정규화가 평균과 분산을 구하는 축은?',
  'quiz.q1.a': '배치의 샘플들에 걸쳐, 특징마다 (열 방향)',
  'quiz.q1.a.why': '그것은 배치 정규화의 축입니다. 레이어 정규화는 배치를 보지 않습니다.',
  'quiz.q1.b': '한 토큰 안의 모든 특징에 걸쳐 (행 방향)',
  'quiz.q1.b.why': '맞습니다. 토큰마다 마지막 차원 H개 특징의 μ와 σ²를 구하므로 토큰 하나만 있어도 계산됩니다.',
  'quiz.q1.c': '문장의 모든 위치에 걸쳐, 특징마다 (시간 방향)',
  'quiz.q1.c.why':
    '위치 축으로 통계를 내면 문장 길이에 따라 값이 달라집니다. 레이어 정규화는 위치마다 따로 정규화합니다.',
  'quiz.q1.d': '배치의 모든 원소에 걸쳐 한꺼번에 (전체)',
  'quiz.q1.d.why': '그렇게 하면 샘플끼리 서로의 통계에 영향을 줍니다. 레이어 정규화의 통계는 한 샘플 안에서 끝납니다.',
  'quiz.q2': '레이어 정규화가 배치 정규화와 달리 배치 크기에 영향을 받지 않는 까닭은?',
  'quiz.q2.a': '학습 중 모아 둔 이동 평균을 쓰기 때문에',
  'quiz.q2.a.why': '이동 평균은 배치 정규화가 추론 때 쓰는 방법입니다. 레이어 정규화는 이동 평균이 필요 없습니다.',
  'quiz.q2.b': '배치 크기를 늘 고정해서 학습하기 때문에',
  'quiz.q2.b.why': '배치 크기를 고정하는 것과는 관계가 없습니다. 배치가 1이어도 같은 식으로 계산됩니다.',
  'quiz.q2.c': '각 샘플 자신의 특징만으로 통계를 내기 때문에',
  'quiz.q2.c.why': '맞습니다. 다른 샘플이 있든 없든 그 샘플의 μ와 σ²는 같습니다. 배치를 절반으로 줄여도 |Δ| = 0입니다.',
  'quiz.q2.d': '배치 방향 통계를 B로 나눠 보정하기 때문에',
  'quiz.q2.d.why': '배치 방향으로 정규화하는 순간 배치 구성에 의존하게 됩니다. 나누는 수를 바꿔도 해결되지 않습니다.',
  'quiz.q3': '트랜스포머가 레이어 정규화를 채택한 주된 이유는?',
  'quiz.q3.a': '토큰마다 따로 계산해 배치·길이와 무관해서',
  'quiz.q3.a.why':
    '맞습니다. 가변 길이 시퀀스와 작은 배치에서도, 한 문장씩 하는 추론에서도 학습 때와 똑같이 계산됩니다.',
  'quiz.q3.b': '어떤 정규화보다도 계산이 빨라서',
  'quiz.q3.b.why': '속도가 주된 이유는 아닙니다. 오히려 RMSNorm이 레이어 정규화보다 계산이 적습니다.',
  'quiz.q3.c': '잔차 연결 없이도 층을 깊이 쌓게 해 줘서',
  'quiz.q3.c.why':
    '트랜스포머는 레이어 정규화와 잔차 연결을 함께 씁니다(Add & Norm). 하나가 다른 하나를 대신하지 않습니다.',
  'quiz.q3.d': '어텐션 가중치의 합이 1이 되게 맞춰 줘서',
  'quiz.q3.d.why': '가중치 합을 1로 만드는 것은 소프트맥스입니다.',
  'quiz.q4': 'Pre-LN과 Post-LN에 대한 설명으로 옳은 것은?',
  'quiz.q4.a': '최근 LLM은 대부분 Post-LN을 쓴다',
  'quiz.q4.a.why': '반대입니다. GPT-2 이후 대부분의 LLM은 Pre-LN이나 그 변형을 씁니다.',
  'quiz.q4.b': 'Pre-LN은 잔차를 더한 뒤에 정규화한다',
  'quiz.q4.b.why': '잔차를 더한 뒤 정규화하는 것은 Post-LN, y = LN(x + Sub(x))입니다.',
  'quiz.q4.c': '두 방식은 수학적으로 같아 출력도 같다',
  'quiz.q4.c.why':
    '정규화 위치가 다르므로 출력도 다릅니다. 그림에서 층별 잔차 스트림의 크기가 다르게 변하는 것을 볼 수 있습니다.',
  'quiz.q4.d': 'Pre-LN은 잔차 경로에 정규화가 없다',
  'quiz.q4.d.why':
    '맞습니다. y = x + Sub(LN(x))에서 서브레이어의 입력만 정규화하고 skip 경로는 x를 그대로 전달합니다. Xiong 등(2020)은 Pre-LN이 학습률 워밍업 없이도 학습됨을 보였습니다.',
  'quiz.q5': 'RMSNorm이 레이어 정규화에서 생략한 것은?',
  'quiz.q5.a': '스케일 파라미터 γ',
  'quiz.q5.a.why': 'RMSNorm도 γ로 스케일합니다: y = x / RMS(x) · γ.',
  'quiz.q5.b': '평균을 빼는 중심 맞추기',
  'quiz.q5.b.why':
    '맞습니다. μ를 구하지도 빼지도 않으므로(이동 β도 없음) 출력의 평균이 0이 되지 않습니다. 그림에서 mean(y)를 비교해 보세요.',
  'quiz.q5.c': 'RMS로 나누는 크기 맞추기',
  'quiz.q5.c.why': 'RMS로 나누는 것이 RMSNorm의 핵심이라 생략하지 않습니다.',
  'quiz.q5.d': '0으로 나누지 않게 하는 ε',
  'quiz.q5.d.why': 'RMSNorm에도 ε이 있습니다: √(mean(x²) + ε).',
  'quiz.q6':
    'x = [1, 2, 3, 6]에 레이어 정규화(γ = 1, β = 0)를 적용하면 마지막 값 x̂₄는 얼마일까요? (ε은 무시해도 됩니다)',
  'quiz.q6.opt': 'x̂₄ ≈ {v}',
  'quiz.q6.a.why': '맞습니다. ① μ = {mean}, ② σ² = {variance}(4로 나눔), ③ x̂₄ = (6 − {mean}) / √{variance} ≈ {a}.',
  'quiz.q6.b.why':
    '평균을 빼지 않고 RMS로만 나눈 값, 곧 RMSNorm의 답입니다. 레이어 정규화는 먼저 ① μ = {mean}을 뺍니다.',
  'quiz.q6.c.why':
    'H − 1 = 3으로 나눈 표본분산을 썼습니다. 레이어 정규화는 H = 4로 나눈 분산(모분산) σ² = {variance}을 씁니다.',
  'quiz.q6.d.why': '평균만 빼고 표준편차로 나누지 않았습니다. ③은 x − μ를 √(σ² + ε)로 나누는 단계입니다.',
  'quiz.q7': 'd_model = 8인 사인·코사인 위치 인코딩에서 파장이 가장 긴 sin·cos 쌍은?',
  'quiz.q7.opt': '쌍 i = {i} ({s}번과 {c}번 차원)',
  'quiz.q7.a.why': 'i = 0은 ω₀ = 1로 가장 빨리 도는 쌍이라 파장이 2π ≈ {l0} 위치로 가장 짧습니다.',
  'quiz.q7.b.why':
    'i = 1의 파장은 약 {l1} 위치입니다. ω_i = 10000^(−2i/d_model)이 i가 클수록 작아지므로 더 긴 쌍이 있습니다.',
  'quiz.q7.c.why': 'i = 2의 파장은 약 {l2} 위치로, 마지막 쌍보다 짧습니다.',
  'quiz.q7.d.why': '맞습니다. 마지막 쌍 i = 3에서 ω₃ = 10000^(−6/8)이 가장 작아 파장 2π/ω₃ ≈ {l3} 위치로 가장 깁니다.',
  'quiz.q8': 'd_k = 64인 어텐션 헤드에서 점수 QKᵀ를 √d_k로 나누지 않으면 softmax는 어떻게 될까요?',
  'quiz.q8.a': '한 키에 몰려 가중치가 0 아니면 1에 가까워진다',
  'quiz.q8.a.why':
    '맞습니다. 성분의 분산이 1이면 내적의 표준편차가 √64 = 8쯤이라 점수 차이가 커집니다. 이 페이지의 실험에서 행마다 가장 큰 가중치의 평균이 나누지 않으면 {raw}, 나누면 {scaled}입니다.',
  'quiz.q8.b': '한 행의 가중치 합이 1보다 커진다',
  'quiz.q8.b.why':
    'softmax는 점수가 얼마든 합이 정확히 1인 가중치를 냅니다. 바뀌는 것은 가중치가 퍼진 모양입니다(나누지 않으면 최대 가중치 평균 {raw}).',
  'quiz.q8.c': '모든 키가 같은 가중치 1/n을 받는다',
  'quiz.q8.c.why':
    '반대입니다. 가중치가 고르게 퍼지는 것은 점수 차이가 작을 때이고, 나누지 않으면 점수 차이가 커져 한 키에 몰립니다(최대 가중치 평균 {raw}).',
  'quiz.q8.d': '음수 가중치가 생겨 출력이 뒤집힌다',
  'quiz.q8.d.why':
    'softmax의 가중치는 exp로 만들어 언제나 0보다 큽니다. 나누지 않으면 한 키에 몰립니다(최대 가중치 평균 {raw}).',
  'quiz.correctMark': '✓',
  'quiz.wrongMark': '✗',
  'quiz.right': '첫 답: 정답입니다.',
  'quiz.wrong': '첫 답: 오답입니다. 다른 보기를 확인해 설명을 읽어 보세요.',
  'quiz.scoredFirst': '점수는 처음 고른 답으로 매겨져 있습니다.',
  'quiz.seeFigure': '답을 보여 주는 그림',
  'quiz.scoreSuffix': '정답 (첫 답 기준, {total}문항 중 {answered}문항 답함)',
  'quiz.retry': '다시 풀기',
  'quiz.check': '답 확인',
  // ── </nw-quiz> ──

  // ── <nw-encoder-block> ──
  'encBlock.title': '인코더 블록 한 개 — 화살표마다 텐서 모양, 서브레이어마다 파라미터 수',
  'encBlock.caption':
    '데이터는 위에서 아래로 흐르고, 초록 선이 잔차 연결(skip)입니다. 슬라이더를 움직이면 화살표의 모양과 파라미터 수가 바로 다시 계산됩니다. 기본값은 원 논문의 base 설정(d_model 512, 헤드 8개, d_ff 2048)입니다. 헤드 수 h는 d_model의 약수만 고를 수 있습니다. 헤드들은 d_model을 d_k = d_model / h씩 나눠 씁니다.',
  'encBlock.wiring': 'LN 위치',
  'encBlock.seq': '토큰 수 seq',
  'encBlock.heads': '헤드 수 h',
  'encBlock.headsValue': '{h}개 (d_k {dk})',
  'encBlock.input': '입력 임베딩',
  'encBlock.pe': '+ 위치 인코딩 (PE, 맨 앞에서 한 번만)',
  'encBlock.paramsHeader': '파라미터 수 (공식)',
  'encBlock.mha': '멀티헤드 셀프 어텐션',
  'encBlock.mhaShort': '멀티헤드 셀프 어텐션',
  'encBlock.concat': '헤드별 A·V → 잇기 → W_O',
  'encBlock.add': 'Add (잔차 더하기)',
  'encBlock.addNorm': 'Add & Norm (더한 뒤 LN)',
  'encBlock.ffn': '위치별 FFN',
  'encBlock.linear1': 'Linear₁ → ReLU/GELU',
  'encBlock.linear2': 'Linear₂',
  'encBlock.output': '인코더 출력',
  'encBlock.finalNormNote': 'Pre-LN 스택의 끝에 한 번',
  'encBlock.residual': '잔차 연결',
  'encBlock.ariaPost':
    'Post-LN 인코더. 입력 임베딩({seq} × {d})에 위치 인코딩을 한 번 더한 뒤, 다음 층을 N번 반복합니다. 멀티헤드 셀프 어텐션(헤드 {h}개, d_k {dk}, 어텐션 가중치 {h} × {seq} × {seq})의 출력({seq} × {d})에 잔차를 더한 뒤 LayerNorm을 거치고, 이어서 FFN({seq} × {dff}를 거쳐 다시 {seq} × {d})의 출력에 잔차를 더하고 다시 LayerNorm을 거칩니다. 잔차 경로도 LayerNorm을 지납니다. 층이 LayerNorm으로 끝나므로 스택 끝에 LayerNorm을 더 두지 않습니다.',
  'encBlock.ariaPre':
    'Pre-LN 인코더. 입력 임베딩({seq} × {d})에 위치 인코딩을 한 번 더한 뒤, 다음 층을 N번 반복합니다. LayerNorm을 거친 값이 멀티헤드 셀프 어텐션(헤드 {h}개, d_k {dk}, 어텐션 가중치 {h} × {seq} × {seq})에 들어가 그 출력({seq} × {d})이 잔차에 더해지고, 이어서 LayerNorm, FFN({seq} × {dff}를 거쳐 다시 {seq} × {d})을 거친 출력이 잔차에 더해집니다. 잔차 경로에는 LayerNorm이 없습니다. N개 층 뒤에 마지막 LayerNorm을 한 번 둡니다.',
  'encBlock.explainPost':
    'Post-LN: 서브레이어의 출력에 입력을 더한 다음 정규화합니다(원 논문, BERT, PyTorch의 기본값). 초록 잔차 경로도 블록마다 LayerNorm을 통과합니다.',
  'encBlock.explainPre':
    'Pre-LN: 서브레이어에 들어가기 직전에만 정규화하고, 초록 잔차 경로는 아무것도 거치지 않고 더해집니다(GPT-2 이후 대부분의 LLM, PyTorch의 norm_first=True). LayerNorm의 자리만 옮겼습니다.',
  'encBlock.tableCaption': '서브레이어별 파라미터 수',
  'encBlock.colSublayer': '서브레이어',
  'encBlock.colFormula': '공식 (d = d_model)',
  'encBlock.colCount': '파라미터 수',
  'encBlock.rowAttn': '멀티헤드 어텐션 (W_Q, W_K, W_V, W_O와 편향)',
  'encBlock.rowFfn': 'FFN (Linear₁, Linear₂)',
  'encBlock.rowNorm1': '첫 번째 LayerNorm (γ, β)',
  'encBlock.rowNorm2': '두 번째 LayerNorm (γ, β)',
  'encBlock.rowTotal': '블록 전체',
  'encBlock.readout':
    '{wiring} · seq {seq} · d_model {d} · 헤드 {h}개 (d_k = {dk}) · d_ff {dff} (d_model의 {ratio}배)\n파라미터: 어텐션 {attn} + FFN {ffn} + LayerNorm 2 × {ln} = {total}개\n어텐션 가중치: 헤드 {h} × {seq} × {seq} = 층마다 {weights}개',
  'encBlock.tensorsSummary': '라이브러리가 알려 준 텐서 목록 (torch 이름)',
  'encBlock.colTensor': '이름',
  'encBlock.colShape': '모양',
  'encBlock.method':
    '파라미터 수는 손으로 센 값이 아닙니다. nw.encoderParameters(…)가 지금 설정으로 실제 nw.createEncoder(…)가 할당할 텐서 목록(같은 C++ 파라미터 목록, 가중치는 할당하지 않음)을 돌려주고, 그 numel을 더한 값입니다. 이름과 모양은 torch.nn.TransformerEncoderLayer의 state_dict와 같습니다.',
  'encBlock.claim.headsFree.holds':
    'h를 바꿔도 어텐션의 파라미터 수는 그대로입니다. 헤드 {h}개(d_k = {dk})일 때도 한 개일 때와 같은 {attn}입니다.',
  'encBlock.claim.headsFree.fails': '헤드 {h}개일 때 어텐션 파라미터가 한 개일 때보다 {value}개 많습니다.',
  'encBlock.claim.headsFree.evidence': '헤드 h개 − 헤드 1개일 때 어텐션 파라미터: {value}',
  'encBlock.claim.sameCount.holds':
    'Post-LN과 Pre-LN의 파라미터 수는 같습니다({total}). LayerNorm이 놓인 자리만 다릅니다.',
  'encBlock.claim.sameCount.fails': '다른 LN 배치의 파라미터 수가 다릅니다({value}만큼).',
  'encBlock.claim.sameCount.evidence': '이 배치 − 다른 배치: {value}',
  'encBlock.claim.formulas.holds': '라이브러리가 센 값이 서브레이어마다 표의 공식과 일치합니다.',
  'encBlock.claim.formulas.fails': '라이브러리가 센 값이 표의 공식과 다릅니다(모두 합쳐 {value}).',
  'encBlock.claim.formulas.evidence': 'Σ |센 값 − 공식|: {value}',
  // ── </nw-encoder-block> ──

  // ── <nw-attention> ──
  'attention.title': '셀프 어텐션 들여다보기: 숫자를 정렬하는 작은 인코더',
  'attention.caption.model':
    '이 프로젝트가 직접 학습시킨 인코더가 숫자 {min}~{max}개를 오름차순으로 정렬합니다. 순전파 한 번에 모든 칸을 함께 내야 하므로, 출력 칸 i는 i번째로 작은 숫자가 입력의 어디에 있는지 찾아야 합니다. 2층 헤드들이 그 위치(점선 칸)를 얼마나 보는지, 1층과 비교해 보세요.',
  'attention.caption.sandbox':
    '아무 문장이나 넣어 보세요. 공백으로 토큰을 나누고, 토큰 글자의 해시를 시드로 임베딩을 뽑아 무작위 가중치(시드 {seed})의 인코더에 통과시킵니다. 학습하지 않은 가중치라 이 지도에는 뜻이 없습니다. 학습된 모델의 지도와 견줘 보세요.',
  'attention.caption.padding':
    '학습된 모델의 입력 뒤에 <PAD>를 붙이고 마스크를 켜고 꺼 봅니다. PAD 키가 받는 가중치와 실제 토큰의 출력이 얼마나 움직이는지 보세요.',
  'attention.mode': '모드',
  'attention.mode.model': '학습된 모델',
  'attention.mode.sandbox': '자유 문장',
  'attention.mode.padding': '패딩 실험실',
  'attention.digits': '입력 숫자 ({min}~{max}자리, 0~9만)',
  'attention.error.empty': '숫자를 입력하세요.',
  'attention.error.notDigits': '0~9 숫자만 쓸 수 있습니다. 공백이나 다른 글자는 빼 주세요.',
  'attention.error.tooShort': '숫자를 {min}개 이상 입력하세요.',
  'attention.error.tooLong': '숫자는 {max}개까지만 넣을 수 있습니다.',
  'attention.random': '무작위 예시',
  'attention.text': '문장 (공백으로 토큰을 나눕니다)',
  'attention.error.noWords': '단어를 하나 이상 입력하세요. 그동안은 마지막으로 받은 문장을 보여 줍니다.',
  'attention.error.tooManyWords': '토큰은 {max}개까지입니다(지금 {n}개). 그동안은 마지막으로 받은 문장을 보여 줍니다.',
  'attention.sandboxExample': '그 선수는 어제 결승에서 은메달을 땄다',
  'attention.reseed': '가중치 새로 뽑기 (지금 시드 {seed})',
  'attention.layer': '층',
  'attention.head': '헤드',
  'attention.pads': '뒤에 붙일 <PAD> 개수',
  'attention.mask': '패딩 마스크',
  'attention.maskOn': '켬',
  'attention.maskOff': '끔',
  'attention.queries':
    '쿼리 토큰: 누르거나 Tab으로 옮겨 가면 그 토큰이 어디를 보는지(히트맵의 한 행) 나옵니다. 화살표 키로도 옮길 수 있습니다.',
  'attention.queryLabel': '쿼리 {pos}번: {token}',
  'attention.heatmapAria':
    '{layer}층 헤드 {head}의 어텐션 가중치. 행은 쿼리 {n}개, 열은 키 {n}개입니다. 선택한 행의 값은 아래 설명에 있습니다.',
  'attention.axisKeys': '키 →',
  'attention.axisQueries': '쿼리 ↓',
  'attention.headLabel': '헤드 {head}',
  'attention.headMass': '정답 {mass}',
  'attention.topItem': '{pos}번 “{token}” {weight}',
  'attention.legendTarget':
    '점선 칸과 주황 글자: 선택한 쿼리 칸이 내야 할 숫자가 들어 있는 입력 위치. 헤드 그림 아래의 ‘정답’ 값은 그 위치들에 준 가중치의 합입니다.',
  'attention.outputCaption': '모델의 출력과 정답',
  'attention.rowInput': '입력',
  'attention.rowOutput': '모델 출력',
  'attention.rowTarget': '정답(정렬)',
  'attention.right': '✓ 모델이 맞혔습니다',
  'attention.wrong': '✗ 모델이 틀렸습니다 (주황 칸)',
  'attention.factPadWeight': 'PAD 키가 받은 가장 큰 가중치 (모든 층·헤드·쿼리):',
  'attention.factDelta': 'PAD가 없을 때와 비교한 실제 토큰 출력의 최대 |Δ|:',
  'attention.softmaxTitle': '−∞ 대신 큰 음수를 더하면?',
  'attention.softmaxCaption':
    '점수 한 줄 [{scores}]에서 뒤의 두 키가 PAD라고 합시다. 마스크(−∞) 대신 여러 음수를 PAD 점수에 더하고 nw.softmax로 계산한 가중치입니다.',
  'attention.keyHeader': '키 (원래 점수)',
  'attention.keyReal': '키 {n} ({score})',
  'attention.keyPad': 'PAD {n} ({score})',
  'attention.padSum': 'PAD 합',
  'attention.biasMask': '−∞ (마스크)',
  'attention.softmaxNote':
    'float32에서는 exp(−10⁴)부터 이미 0으로 내려갑니다(언더플로). 큰 음수가 말썽인 곳은 따로 있습니다. float16은 최댓값이 65504라 −10⁹가 −∞로 넘치고, 아래처럼 키가 모두 PAD인 행에서는 결과가 서로 갈립니다.',
  'attention.fullTitle': '키가 모두 PAD인 행',
  'attention.fullTorch': 'PyTorch, −∞',
  'attention.fullOurs': 'normwave 마스크',
  'attention.fullBig': '−10⁹ 더하기',
  'attention.fullNote':
    'PyTorch에서는 점수가 모두 −∞이면 최댓값도 −∞이라 exp(−∞ − (−∞)) = exp(NaN), 곧 0/0이 되어 NaN이 나오고, 이 NaN은 다음 층으로 번집니다. 가운데 열은 nw.softmax에 모든 키를 마스크해 계산한 값이고, 마지막 열은 모든 점수에 −10⁹를 더한 것입니다. float32에서는 1.5 + (−10⁹) = −10⁹처럼 점수 차이가 모두 지워집니다.',
  'attention.accuracy': 'PyTorch가 학습에서 빼 둔 시퀀스 {n}개로 잰 정확도: 토큰 {token}, 시퀀스 {sequence}.',
  'attention.modelFacts':
    '모델: d_model {d}, 헤드 {heads}, d_ff {dff}, {layers}층, 파라미터 {params}개(가중치 파일 {kb} KB). 학습: {seconds}초, {steps}단계, CPU, 시드 {seed}, torch {torch}.',
  'attention.recheck': '이 브라우저에서 다시 재기',
  'attention.recheckRunning': '재는 중…',
  'attention.recheckResult':
    '이 브라우저: {n}개 중 {right}개 정답(시퀀스 {sequence}, 토큰 {token}). PyTorch의 예측과 {total}자리 중 {agree}자리가 같습니다.',
  'attention.recheckError': '다시 재지 못했습니다: {message}',
  'attention.onTarget': ' 정답 숫자({digit})가 들어 있는 위치에 준 가중치 합: {mass}.',
  'attention.readoutModel':
    '{layer}층 · 헤드 {head} · 쿼리 {pos}번 “{token}” → 가장 많이 본 키: {top}.{onTarget}\n모델 출력 {output} {mark} (정답 {target})',
  'attention.readoutSandbox':
    '{layer}층 · 헤드 {head} · 쿼리 {pos}번 “{token}” → 가장 많이 본 키: {top}. (무작위 가중치, 시드 {seed})',
  'attention.readoutPadding':
    '<PAD> {pads}개, 마스크 {mask}: PAD 키가 받은 가장 큰 가중치 {padWeight}, 실제 토큰 출력의 최대 |Δ| {delta}. 모델 출력 {output} {mark} (정답 {target})\n{layer}층 · 헤드 {head} · 쿼리 {pos}번 “{token}” → 가장 많이 본 키: {top}.{onTarget}',
  'attention.modelLoading': '학습된 가중치를 불러오는 중…',
  'attention.modelError': '학습된 가중치를 불러오지 못했습니다: {message}',
  'attention.convention':
    '입력 = 토큰 임베딩 + PE(인터리브 sin/cos, √d_model 배율 없음). 인코더는 torch.nn.TransformerEncoder의 Pre-LN·ReLU·마지막 LayerNorm 구성이고, 마스크는 torch의 src_key_padding_mask와 같은 뜻(1 = PAD 키)입니다. 화면의 모든 수는 WebAssembly 커널이 계산합니다.',
  'attention.claim.layer2Finds.holds':
    '2층이 답을 찾습니다. 출력 자리들을 평균하면 2층에서 가장 잘 보는 헤드는 그 자리의 숫자가 있는 입력 위치에 가중치의 {l2}를 두고, 1층은 {l1}입니다.',
  'attention.claim.layer2Finds.fails':
    '이 입력에서는 2층의 가장 잘 보는 헤드도 답의 위치에 1층보다 가중치를 더 두지 않습니다({l2} 대 {l1}).',
  'attention.claim.layer2Finds.evidence': '답에 둔 가중치, 2층 − 1층: {value}',
  'attention.claim.padsInvisible.holds':
    '마스크를 켜면 PAD 키 {pads}개의 가중치는 정확히 0이고, 실제 토큰의 출력은 PAD가 없을 때와 똑같습니다.',
  'attention.claim.padsInvisible.fails':
    '마스크를 끄면 PAD도 보통 토큰처럼 주목을 받고(최대 {padWeight}) 실제 토큰의 출력이 흔들립니다(최대 {delta}).',
  'attention.claim.padsInvisible.evidence': 'PAD의 최대 가중치나 |Δ|: {value}',
  'attention.claim.hugeIsZero.holds': '그래서 −10⁴와 −10⁹도 −∞처럼 PAD에 정확히 0을 남깁니다.',
  'attention.claim.hugeIsZero.fails': '여기서는 −10⁴나 −10⁹가 PAD에 가중치를 남깁니다({value}).',
  'attention.claim.hugeIsZero.evidence': '−10⁴, −10⁹일 때 PAD 합계: {value}',
  'attention.claim.mildLeaks.holds': '−10처럼 덜 큰 값이면 PAD로 가중치가 조금 샙니다({value}).',
  'attention.claim.mildLeaks.fails': '여기서는 −10도 PAD에 가중치를 남기지 않습니다.',
  'attention.claim.mildLeaks.evidence': '−10일 때 PAD 합계: {value}',
  'attention.claim.fullZeros.holds':
    'normwave의 소프트맥스는 키가 모두 가려진 행을 0으로 돌려줍니다. 그래서 어텐션 출력에는 out_proj의 편향만 남고 값이 유한합니다.',
  'attention.claim.fullZeros.fails': '키가 모두 가려진 행이 0으로 나오지 않습니다({value}).',
  'attention.claim.fullZeros.evidence': '모든 키를 가렸을 때 최대 |가중치|: {value}',
  'attention.claim.fullEven.holds':
    '모든 점수에 −10⁹를 더하면 키들이 1/{n} = {each}씩 고르게 나눠 갖습니다. NaN은 아니지만 뜻 없는 평균입니다.',
  'attention.claim.fullEven.fails': '모든 점수에 −10⁹를 더해도 가중치가 고르지 않습니다(1/{n}에서 {value}).',
  'attention.claim.fullEven.evidence': '최대 |w − 1/n|: {value}',
  // ── </nw-attention> ──

  // ── <nw-ffn> ──
  'ffn.title': '피드포워드 네트워크 — 활성화 함수와 위치별 독립성',
  'ffn.caption':
    '위치별 피드포워드 네트워크를 두 부분으로 봅니다. 위는 두 선형 변환 사이의 활성화 함수(ReLU와 GELU), 아래는 토큰 하나만 바꿨을 때 출력이 어떻게 변하는지입니다. W₁은 d_model × d_ff, W₂는 d_ff × d_model 행렬입니다.',
  'ffn.curvesHeading': 'ReLU와 GELU',
  'ffn.probe': '값을 읽을 x',
  'ffn.curveAria': 'x = −4부터 4까지의 ReLU와 GELU 곡선. x = {x}에서 ReLU {relu}, GELU {gelu}.',
  'ffn.curvesNote':
    'ReLU는 음수를 0으로 자릅니다(max(0, x)). GELU는 x에 표준정규분포의 누적확률 Φ(x)를 곱한 x·Φ(x)로, 여기서는 erf를 쓰는 정확한 식(PyTorch 기본값)입니다. 원 논문은 ReLU를, BERT와 GPT-2는 GELU를 썼습니다.',
  'ffn.positionHeading': '위치별 독립성 — 토큰 하나만 건드려 보기',
  'ffn.ratio': 'd_ff / d_model 비율',
  'ffn.activation': '활성화 함수',
  'ffn.paramsLine': 'FFN 파라미터 {n}개',
  'ffn.token': '건드릴 토큰',
  'ffn.nudge': '변화량 δ',
  'ffn.tokens': '그|선수는|어제|결승에서|은메달을|땄다',
  'ffn.deltaHeading': '출력의 변화 |Δ| (특징 {d}개)',
  'ffn.deltaHeadingShort': '|Δ| (특징 {d}개)',
  'ffn.deltaAria':
    '토큰 “{word}”의 입력을 바꿨을 때 FFN 출력의 변화. 그 토큰의 최대 |Δ| = {self}, 나머지 토큰은 {rest}. 같은 FFN을 담은 인코더 층 전체에서는 나머지 토큰도 최대 {layer}만큼 바뀝니다.',
  'ffn.legendFfn': 'FFN만 (위치별)',
  'ffn.legendLayer': '인코더 층 전체 (어텐션 + FFN)',
  'ffn.readout':
    'x = {x}: ReLU = {relu} · GELU = {gelu}\nd_ff = {ratio} × {d} = {dff} · FFN 파라미터 {params}개 ({act})\n{n}번 토큰 “{word}”에 δ = {delta}: 그 토큰의 최대 |Δ| = {self} · 나머지 {others}개 토큰의 최대 |Δ| = {rest}\n같은 FFN을 담은 인코더 층 전체라면 나머지 토큰의 최대 |Δ| = {layer}',
  'ffn.method':
    '입력은 시드로 고정한 토큰 벡터 6개이고, δ만큼 정해진 무작위 방향으로 고른 토큰의 입력을 옮깁니다. FFN 가중치는 PyTorch nn.Linear의 기본 초기화(±1/√fan_in 균등분포)를 시드로 고정해 만들었습니다. FFN은 모든 행(토큰)에 같은 W₁, W₂를 따로따로 곱합니다. 비교용 인코더 층(헤드 2개, Post-LN)은 같은 FFN 가중치를 싣고 있지만, 앞의 셀프 어텐션이 모든 토큰을 먼저 섞습니다.',
  'ffn.claim.geluDips.holds':
    'GELU는 0 근처에서 매끄럽고, 음수 쪽에서 살짝 내려가 x = {x}에서 {value}까지 갔다가 0으로 돌아옵니다.',
  'ffn.claim.geluDips.fails': '여기서 GELU 곡선의 가장 낮은 점은 {value}(x = {x})로, 약 −0.17이 아닙니다.',
  'ffn.claim.geluDips.evidence': '곡선에서 GELU의 최솟값: {value}',
  'ffn.claim.ffnLocal.holds':
    '위치별 계산: {n}번 토큰을 움직여도 다른 토큰의 FFN 출력은 비트 하나까지 같습니다. |Δ|는 반올림한 작은 값이 아니라 정확히 0입니다.',
  'ffn.claim.ffnLocal.fails': '{n}번 토큰을 움직이자 다른 토큰의 FFN 출력도 움직였습니다({value}).',
  'ffn.claim.ffnLocal.evidence': 'FFN만 거친 다른 토큰의 최대 |Δ|: {value}',
  'ffn.claim.layerMixes.holds':
    '같은 FFN을 품은 인코더 층 전체에서는 모든 행이 바뀝니다. 셀프 어텐션이 {n}번 토큰의 변화를 다른 토큰에 섞어 넣었습니다.',
  'ffn.claim.layerMixes.fails': 'δ = {delta}이면 층 전체에서도 다른 토큰이 움직이지 않습니다.',
  'ffn.claim.layerMixes.evidence': '층 전체를 거친 다른 토큰의 최대 |Δ|: {value}',
  // ── </nw-ffn> ──

  // ── <nw-encoder-stack> ──
  'encStack.title': 'N개 층 쌓기 — 층을 지날 때마다 표현은 어떻게 바뀌나',
  'encStack.caption':
    '같은 입력(시드로 고정한 토큰 임베딩 {tokens}개 + 사인·코사인 PE)을 무작위 가중치(시드 고정)의 인코더 스택(d_model {d}, 헤드 {heads}개, d_ff {dff}, GELU)에 넣고, 층마다 토큰 벡터의 통계를 잽니다. 학습하지 않은 가중치라서 “품사 → 문법 → 의미” 같은 추상화는 여기서 볼 수 없습니다. 보이는 것은 벡터의 크기와 방향이 층을 지나며 어떻게 변하는지입니다.',
  'encStack.wiring': 'LN 위치',
  'encStack.finalNorm': '마지막 LayerNorm',
  'encStack.on': '켬',
  'encStack.off': '끔',
  'encStack.layers': '층 수 N',
  'encStack.norm': '토큰 벡터의 노름 ‖h‖',
  'encStack.normSub': '토큰 평균 · 점선 √d = 8',
  'encStack.std': '토큰 안의 표준편차 σ',
  'encStack.stdSub': '토큰 평균 · 점선 1',
  'encStack.mean': '토큰 안의 평균 μ',
  'encStack.meanSub': '토큰 평균 · 점선 0',
  'encStack.cos': '토큰끼리의 코사인 유사도',
  'encStack.cosSub': '모든 토큰 쌍의 평균',
  'encStack.normShort': '‖h‖',
  'encStack.stdShort': 'σ',
  'encStack.meanShort': 'μ',
  'encStack.cosShort': 'cos',
  'encStack.chartAria': '{name}: 입력의 {first}에서 마지막 {last}까지 층별 변화',
  'encStack.readout':
    '{wiring} · N = {n}층 · 마지막 LayerNorm {finalNorm}\n마지막 층({n}) 뒤: ‖h‖ = {norm} (√{d} = {sqrt}) · σ = {std} · μ = {mean} · 코사인 유사도 = {cos}\n입력: ‖h‖ = {inNorm} · 코사인 유사도 = {inCos}',
  'encStack.readoutFinal': '마지막 LayerNorm 뒤: ‖h‖ = {norm} · σ = {std} · μ = {mean} · 코사인 유사도 = {cos}',
  'encStack.explainPost':
    'Post-LN은 층마다 끝에서 정규화하므로, γ = 1, β = 0인 초기 상태에서는 각 토큰이 평균 0, 표준편차 1이 됩니다. 셀프 어텐션은 각 토큰에 다른 토큰의 정보를 섞어 넣고, 토큰끼리의 코사인 유사도가 그 정도를 잽니다.',
  'encStack.explainPre':
    'Pre-LN은 잔차 경로에 정규화가 없어서 층마다 서브레이어의 출력이 그대로 스트림에 더해집니다. 그래서 Pre-LN 스택은 끝에 LayerNorm을 하나 더 둡니다(GPT-2, LLaMA 등). 켜면 마지막 점(LN)이 나타납니다.',
  'encStack.method':
    '층마다의 상태는 시드를 고정한 {max}층 인코더를 { hiddenStates: true }로 forward() 한 번 실행해 얻었습니다. 이 시드의 N층 인코더는 그 앞 N층과 정확히 같으므로(라이브러리가 가중치를 state_dict 순서로 뽑습니다) {max}층을 한 번만 계산하고 슬라이더는 몇 층을 보여 줄지만 고릅니다. 마지막 LayerNorm은 N층 출력에 스택의 norm.weight와 norm.bias로 nw.layerNorm을 적용한 값입니다. {max}층 뒤에 그렇게 적용한 값과 forward() 자체 출력의 최대 차이: {check}. μ와 σ는 nw.layerNormStats가 토큰마다 구한 값이고 ‖h‖ = √(d·(σ² + μ²))입니다. 추론 모드라 드롭아웃은 없습니다.',
  'encStack.claim.postNormed.holds': 'Post-LN: 층을 지날 때마다 모든 토큰이 μ = 0, σ = 1, ‖h‖ ≈ √d로 돌아옵니다.',
  'encStack.claim.postNormed.fails': 'Post-LN: 어떤 층 뒤에서는 토큰의 σ가 1에서 1 % 넘게 벗어납니다.',
  'encStack.claim.postNormed.evidence': '1–N층의 최대 |σ − 1|: {value}',
  'encStack.claim.postFinalIdle.holds':
    '여기서는 마지막 LayerNorm을 켜도 거의 달라지지 않습니다. 스트림이 이미 정규화되어 있기 때문입니다.',
  'encStack.claim.postFinalIdle.fails': '여기서는 마지막 LayerNorm이 ‖h‖를 1 % 넘게 바꿉니다.',
  'encStack.claim.postFinalIdle.evidence': '마지막 LN이 바꾼 ‖h‖: {value}',
  'encStack.claim.postCosDips.holds':
    '첫 층에서 코사인 유사도가 잠깐 줄어듭니다({input} → {first}). LayerNorm이 PE 때문에 모든 토큰에 공통으로 있던 평균을 빼기 때문입니다.',
  'encStack.claim.postCosDips.fails': '여기서는 첫 층에서 코사인 유사도가 줄지 않습니다({input} → {first}).',
  'encStack.claim.postCosDips.evidence': '1층 뒤 cos − 입력: {value}',
  'encStack.claim.postCosGrows.holds':
    '그 뒤로는 층이 깊어질수록 토큰끼리의 코사인 유사도가 커집니다({n}층까지 {first} → {end}). 셀프 어텐션이 토큰을 섞기 때문입니다.',
  'encStack.claim.postCosGrows.fails': '1층에서 {n}층까지 코사인 유사도가 커지지 않습니다({first} → {end}).',
  'encStack.claim.postCosGrows.evidence': 'N층 뒤 cos − 1층 뒤: {value}',
  'encStack.claim.preGrows.holds': 'Pre-LN: ‖h‖와 σ가 깊이에 따라 자랍니다. {n}층 뒤 ‖h‖ = {norm}, σ = {std}입니다.',
  'encStack.claim.preGrows.fails': 'Pre-LN: {n}층 뒤 ‖h‖나 σ가 입력보다 크지 않습니다.',
  'encStack.claim.preGrows.evidence': '‖h‖, σ 증가 배율 중 작은 쪽: {value}배',
  'encStack.claim.preFinalBack.holds':
    '마지막 LayerNorm이 스트림을 ‖h‖ ≈ √d, σ = 1로 되돌립니다(‖h‖ = {norm}, σ = {std}).',
  'encStack.claim.preFinalBack.fails': '여기서는 마지막 LayerNorm 뒤에도 σ가 1에서 1 % 넘게 벗어납니다(σ = {std}).',
  'encStack.claim.preFinalBack.evidence': '마지막 LN 뒤 |σ − 1|: {value}',
  'encStack.claim.preCosGrows.holds': '토큰끼리의 코사인 유사도는 여기서도 커집니다({n}층 뒤 {input} → {end}).',
  'encStack.claim.preCosGrows.fails': '{n}층 뒤에도 코사인 유사도가 커지지 않았습니다({input} → {end}).',
  'encStack.claim.preCosGrows.evidence': 'N층 뒤 cos − 입력: {value}',
  'encStack.claim.preCosLess.holds': '그래도 같은 {n}층 뒤 토큰끼리는 Post-LN보다 덜 닮았습니다(cos {pre} 대 {post}).',
  'encStack.claim.preCosLess.fails': '{n}층 뒤 토큰끼리가 Post-LN만큼 닮았거나 더 닮았습니다(cos {pre} 대 {post}).',
  'encStack.claim.preCosLess.evidence': 'N층 뒤 cos Pre-LN − Post-LN: {value}',
  'encStack.tableSummary': '층별 수치 표',
  'encStack.tableLayer': '층',
  // ── </nw-encoder-stack> ──

  // ── <nw-attention-steps> ──
  'attnSteps.title': '셀프 어텐션을 손으로 한 단계씩',
  'attnSteps.caption':
    '작은 예(토큰 {t}개, d = {d})로 어텐션 한 번을 직접 계산해 본 뒤, 같은 계산을 헤드 두 개로 나눠 멀티헤드 어텐션으로 이어 갑니다. 버튼으로 단계를 넘기고, 숫자를 누르면 그 숫자가 어떤 숫자들로 어떻게 만들어졌는지 재료와 함께 표시됩니다. 입력 X와 가중치 W는 설명을 위해 고른 값이고, 학습된 모델은 W를 데이터에서 배웁니다.',
  'attnSteps.tokens': '고양이가|생선을|먹는다',
  'attnSteps.scaleSwitch': '√d_k로 나누기',
  'attnSteps.on': '켬',
  'attnSteps.off': '끔',
  'attnSteps.stepsLabel': '어텐션 계산 단계',
  'attnSteps.step.x': '입력 X',
  'attnSteps.step.qkv': 'Q, K, V',
  'attnSteps.step.scores': 'QKᵀ',
  'attnSteps.step.scale': '÷ √d_k',
  'attnSteps.step.softmax': 'softmax',
  'attnSteps.step.output': '× V',
  'attnSteps.step.split': '헤드로 나누기',
  'attnSteps.step.heads': '헤드별 softmax',
  'attnSteps.step.headsOut': '헤드별 × V',
  'attnSteps.step.concat': '이어 붙이기',
  'attnSteps.step.proj': '× W_O',
  'attnSteps.prev': '◀ 이전 단계',
  'attnSteps.next': '다음 단계 ▶',
  'attnSteps.text.x':
    '행 하나가 토큰 하나의 벡터입니다(임베딩에 위치 인코딩을 더한 값이라고 생각하세요). 세 행이 한 번에 계산됩니다.',
  'attnSteps.text.qkv':
    '같은 X에 서로 다른 가중치 세 개를 곱해 쿼리 Q, 키 K, 값 V를 만듭니다. 인코더의 셀프 어텐션에서는 셋이 모두 같은 입력에서 나옵니다. 아래에서 W를 고치면 뒤의 모든 단계가 다시 계산됩니다.',
  'attnSteps.text.scores':
    '쿼리 행 i와 키 행 j의 내적이 점수 S_ij입니다. 행은 “이 토큰이 묻는 쪽”, 열은 “답할 후보”입니다.',
  'attnSteps.text.scale':
    '점수를 √d_k = √{d}로 나눕니다. 차원이 커질수록 내적의 크기도 커지므로, 나누지 않으면 softmax가 한 키에 몰려 버립니다(아래 d_k 실험).',
  'attnSteps.text.scaleOff':
    '지금은 √d_k로 나누지 않도록 꺼 두었습니다. 점수가 그대로 softmax에 들어갑니다. 켜고 끄며 다음 단계의 가중치를 비교해 보세요.',
  'attnSteps.text.softmax':
    '행마다 softmax를 적용해 점수를 합이 1인 가중치로 바꿉니다. 점수가 클수록 가중치도 크지만, 작은 점수도 0이 되지는 않습니다.',
  'attnSteps.text.output':
    '가중치로 V의 행들을 섞습니다. 출력 Z의 행 i는 모든 토큰의 값 벡터를 A의 행 i만큼 더한 것, 곧 문맥이 섞인 새 표현입니다.',
  'attnSteps.text.split':
    '멀티헤드 어텐션은 작은 어텐션 {h}개를 나란히 돌립니다. 같은 Q, K, V를 열로 자릅니다. 헤드 1은 1–2열, 헤드 2는 3–4열을 가져가므로 헤드마다 d_k = {dk}입니다. 여기서는 계산하지 않고, 숫자는 앞 단계 그대로입니다.',
  'attnSteps.text.heads':
    '헤드마다 자기 쿼리와 자기 키로 점수를 내고, √d_k = √{dk}로 나눈 뒤 행마다 softmax를 합니다. 두 헤드는 벡터의 다른 부분을 보므로 같은 토큰들에 서로 다른 가중치를 줄 수 있습니다.',
  'attnSteps.text.headsOut': '헤드마다 자기 가중치로 자기 값 V를 섞어, 헤드마다 3 × {dk} 출력을 냅니다.',
  'attnSteps.text.concat': '헤드들의 출력을 옆으로 이어 붙이면 다시 입력과 같은 너비의 3 × {d}가 됩니다.',
  'attnSteps.text.proj':
    '마지막 가중치 행렬 W_O가 헤드들의 출력을 섞어 층의 출력을 만듭니다. 잔차 연결이 X에 더하는 것이 이 O입니다.',
  'attnSteps.eq.x': 'X ∈ ℝ^(3×4)',
  'attnSteps.eq.qkv': 'Q = X·W_Q,  K = X·W_K,  V = X·W_V',
  'attnSteps.eq.scores': 'S = Q·Kᵀ',
  'attnSteps.eq.scale': "S' = S / √d_k",
  'attnSteps.eq.softmax': "A = softmax(S')  (행마다)",
  'attnSteps.eq.output': 'Z = A·V',
  'attnSteps.eq.split': 'Qₕ, Kₕ, Vₕ = 헤드 h의 열',
  'attnSteps.eq.heads': 'Aₕ = softmax(QₕKₕᵀ / √d_k)',
  'attnSteps.eq.headsOut': 'Zₕ = Aₕ·Vₕ',
  'attnSteps.eq.concat': 'Z = [Z¹ | Z²]',
  'attnSteps.eq.proj': 'O = Z·W_O',
  'attnSteps.cellLabel': '{m} {r}행 {c}열: {v}',
  'attnSteps.matLabel': '행렬 {m} ({r}×{c}). 화살표 키로 칸을 옮기고 Enter로 고릅니다.',
  'attnSteps.pick': '숫자를 하나 눌러 보세요. 어디서 왔는지 여기에 나옵니다.',
  'attnSteps.why.x': '입력값입니다. 토큰 “{token}”의 {c}번째 성분으로, 이 그림이 정해 둔 값입니다.',
  'attnSteps.why.w': '{m}의 가중치입니다. 아래 편집기에서 바꿀 수 있습니다.',
  'attnSteps.why.proj': '{m}의 이 칸은 토큰 “{token}”의 행 X와 {w}의 {c}번째 열을 곱해 더한 값(내적)입니다.',
  'attnSteps.why.kt': 'Kᵀ는 K를 뒤집은 것입니다. 이 칸은 토큰 “{token}”의 키 벡터에 있는 값입니다.',
  'attnSteps.why.score': '쿼리 “{q}”와 키 “{k}”의 내적입니다. 두 벡터가 같은 방향일수록 커집니다.',
  'attnSteps.why.scale': '앞 단계의 점수를 √d_k로 나눈 값입니다. 여기서 d_k = {dk}이므로 2로 나눕니다.',
  'attnSteps.why.unscaled': '나누기를 꺼 두었으므로 앞 단계의 점수가 그대로 쓰입니다.',
  'attnSteps.why.softmax':
    '쿼리 “{q}”가 키 “{k}”에 주는 가중치입니다. 같은 행의 점수 전체에 대한 softmax라서, 같은 행의 다른 점수가 바뀌어도 이 값이 바뀝니다.',
  'attnSteps.why.rowSum': '이 행의 가중치 합: {sum}',
  'attnSteps.why.output':
    '토큰 “{token}”의 출력 {c}번째 성분입니다. 모든 토큰의 V 값({c}번째 열)을 이 토큰의 가중치로 더했습니다.',
  'attnSteps.why.split':
    '헤드 {h}의 {m}는 {m}의 {col}열을 그대로 가져온 것입니다: 이 헤드에서 본 “{token}”의 {c}번째 성분.',
  'attnSteps.why.headScore':
    '헤드 {h}: “{q}”의 쿼리와 “{k}”의 키를 이 헤드의 성분 {dk}개로만 내적한 값을 √d_k = √{dk}로 나눈 것입니다.',
  'attnSteps.why.headScoreOff':
    '헤드 {h}: “{q}”의 쿼리와 “{k}”의 키를 이 헤드의 성분으로만 내적한 값입니다(나누기는 꺼져 있음).',
  'attnSteps.why.headSoftmax':
    '헤드 {h}: “{q}”의 쿼리가 “{k}”의 키에 주는 가중치입니다. 헤드마다 softmax를 따로 합니다.',
  'attnSteps.why.headOutput':
    '헤드 {h}: “{token}” 출력의 {c}번째 성분으로, 이 헤드의 V 값들을 이 헤드의 가중치로 더한 것입니다.',
  'attnSteps.why.concat': '이어 붙인 행렬의 {c}열은 헤드 {h} 출력의 {hc}열(“{token}”)을 그대로 옮긴 것입니다.',
  'attnSteps.why.wo': '출력 투영 W_O의 가중치로, 이 그림이 정한 값입니다.',
  'attnSteps.why.mhOut':
    '“{token}”의 멀티헤드 출력의 {c}번째 성분: 이어 붙인 헤드 출력의 그 행과 W_O의 {c}열의 내적입니다.',
  'attnSteps.wTitle': '가중치 W 고치기',
  'attnSteps.wCaption':
    '칸 하나를 바꾸면 Q, K, V부터 출력까지 모두 다시 계산됩니다. 행은 입력 차원, 열은 출력 차원입니다.',
  'attnSteps.wWhich': '고칠 행렬',
  'attnSteps.wCell': '{m} {r}행 {c}열',
  'attnSteps.wReset': '처음 값으로',
  'attnSteps.satTitle': '√d_k로 나누지 않으면 — softmax의 포화',
  'attnSteps.satCaption':
    '각 성분이 평균 0, 분산 1인 무작위 쿼리 {n}개와 키 {n}개로 점수 표를 만들고 행마다 softmax를 적용합니다. d_k를 키우면 내적의 표준편차가 √d_k처럼 커집니다. 위의 스위치로 나누기를 켜고 끄세요.',
  'attnSteps.satBarsTitle': '쿼리 1의 가중치 (d_k = {dk}, {mode})',
  'attnSteps.satCurveTitle': '행마다 가장 큰 가중치의 평균 (가로: d_k)',
  'attnSteps.modeScaled': '√d_k로 나눔',
  'attnSteps.modeRaw': '나누지 않음',
  'attnSteps.satBarsAria': 'd_k = {dk}에서 쿼리 1이 키 8개에 준 가중치 막대그래프. 가장 큰 가중치 {max}.',
  'attnSteps.satCurveAria': 'd_k에 따른 행별 최대 가중치의 평균. d_k = {max}에서 나누지 않으면 {raw}, 나누면 {scaled}.',
  'attnSteps.satReadout':
    'd_k = {dk} (√d_k = {root}): 점수의 표준편차는 나누지 않으면 {stdRaw}, 나누면 {stdScaled}\n행마다 가장 큰 가중치의 평균: 나누지 않으면 {maxRaw}, 나누면 {maxScaled} (고르게 나누면 {uniform})',
  'attnSteps.satNote':
    '나누지 않으면 d_k가 커질수록 가장 큰 가중치가 1에 가까워지고 나머지는 거의 0이 됩니다. 원 논문(Vaswani 등, 2017)은 이것을 √d_k로 나누는 이유로 듭니다. 내적이 커지면 softmax가 기울기(gradient)가 아주 작은 영역으로 밀려날 것이라는 추측입니다. √d_k로 나누면 점수의 퍼짐이 d_k와 상관없이 1 안팎으로 유지됩니다.',
  'attnSteps.readoutStep': '단계 {n}/{total}: {name}',
  'attnSteps.method':
    '화면의 모든 행렬은 라이브러리가 계산합니다. Q, K, V는 nw.linear(X, Wᵀ)로 구합니다(nw.linear는 PyTorch의 nn.Linear처럼 x·Wᵀ를 계산하므로, 수식의 X·W를 얻으려고 Wᵀ를 넘깁니다). QKᵀ는 K를 가중치로 준 nw.linear, ÷√d_k는 대각 행렬 (1/√d_k)·I를 곱하는 nw.linear, softmax는 nw.softmax, A·V는 Vᵀ를 가중치로 준 nw.linear입니다. 행 합은 softmax 결과를 더해 보인 것입니다. 멀티헤드 단계에서 헤드 h는 Q, K, V의 2h−1, 2h번째 열을 그대로 가져오고(계산 없이 나누기만 함) d_k = 2로 같은 네 연산을 합니다. 헤드들의 출력은 옆으로 이어 붙이고, 출력 투영은 W_Oᵀ를 가중치로 준 nw.linear입니다.',
  'attnSteps.methodSat':
    '포화 실험: 시드를 고정한 표준정규 난수로 쿼리와 키 {n}개씩을 만들고(d_k가 커지면 같은 난수열이 길어짐), 점수는 nw.linear, 나누기는 대각 행렬을 곱하는 nw.linear, 가중치는 nw.softmax, 점수의 표준편차는 nw.layerNormStats가 계산합니다.',
  // ── </nw-attention-steps> ──

  // ── shared by the teaching pieces ──
  'common.howComputed': '이 그림은 어떻게 계산하나',
  'lnStep.label': 'LayerNorm 단계',
  'lnStep.1': '① 평균 μ',
  'lnStep.2': '② 분산 σ²',
  'lnStep.3': '③ 정규화 x̂',
  'lnStep.4': '④ 스케일·이동 y',
  'lnSteps.method':
    'μ, σ², x̂는 γ = 1, β = 0으로 부른 nw.layerNormWithStats가, y는 γ, β 벡터를 넣어 부른 같은 함수가 계산합니다. x − μ는 x에서 그 μ를 뺀 값이고, 줄마다 적힌 평균과 표준편차는 nw.layerNormStats가 구합니다. 입력은 시드로 고정한 표준정규 난수를 슬라이더의 평균·표준편차로 옮기고 늘인 값입니다.',
  'lnPipe.method':
    'μ, σ², x̂는 γ = 1, β = 0으로 부른 nw.layerNormWithStats가, y는 차원별 γ, β 벡터를 넣어 부른 같은 함수가 계산합니다. mean(x̂)와 var(x̂)는 nw.layerNormStats가 구합니다. ε = 1e-5(PyTorch 기본값).',
  'encBlock.repeat': 'N× (같은 층을 N번)',
  'encBlock.finalNorm': '마지막 LayerNorm',
  'encBlock.noFinalNorm': '끝에 LN을 더 두지 않음: Post-LN 층은 이미 LN으로 끝남',
  'ffn.layout':
    '수식은 원 논문처럼 xW₁ + b₁로 적습니다(W₁: d_model × d_ff). PyTorch의 nn.Linear는 같은 가중치를 뒤집은 [출력, 입력] 모양, 곧 weight = W₁ᵀ로 저장하고 x·weightᵀ + b를 계산하므로 결과는 같습니다. 이 그림은 가중치를 PyTorch 모양으로 두고 nw.linear(x, weight, bias)로 계산하며, 활성화는 nw.activation이 계산합니다.',
  'attention.runs': '이 지도의 모델: {wiring}',
  'attention.runsPre':
    '{layers}층, {act}, {final}. 글의 인코더 블록 식 LN(x + Sublayer(x))은 원 논문의 Post-LN이고, 이 모델은 서브레이어 앞에서 정규화하는 Pre-LN입니다.',
  'attention.runsPost': '{layers}층, {act}, {final}. 글의 인코더 블록 식 LN(x + Sublayer(x))과 같은 Post-LN입니다.',
  'attention.finalOn': '끝에 LayerNorm 하나',
  'attention.finalOff': '끝의 LayerNorm 없음',
  'peHeatmap.method':
    '표는 nw.positionalEncoding(seq_len, d_model)이 한 번에 계산합니다(교차 배치: 차원 2i = sin, 2i+1 = cos). 연결 배치는 같은 값을 열 순서만 바꿔 그린 것입니다. 드래그하는 동안 새 배열을 만들지 않도록 가장 큰 표 크기의 버퍼 하나에 씁니다.',
  'peWaves.play': '▶ 위치 훑기',
  'peWaves.pause': '⏸ 멈춤',
  'peWaves.method':
    '모든 점은 nw.positionalEncoding(101, d_model)이 만든 표의 값입니다. 파장은 pos = 1 행의 (sin ω_i, cos ω_i)에서 ω_i = atan2로 구해 2π/ω_i로 적습니다.',
  'peProps.circle.title': '단위원 위의 쌍 i = {i} (가로 cos = 차원 {c}, 세로 sin = 차원 {s})',
  'peProps.circle.aria': '쌍 {i}의 단위원. 위치 {pos}의 점과 {k}칸 뒤의 점 사이 각도는 {angle}도입니다.',
  'peProps.circle.pos': '위치 pos',
  'peProps.circle.pair': '쌍 i',
  'peProps.circle.note':
    '파란 점 pos = {pos}: (cos, sin) = ({px}, {py}). 주황 원 pos + {k}: ({qx}, {qy}). 작은 주황 점은 M_k로 돌린 결과 ({rx}, {ry})로, 주황 원과 겹칩니다. 한 칸에 ω_{i} = {omega} rad씩 돌므로 {k}칸은 {angle}°입니다. 이 각도는 pos와 상관없습니다.',
  'peProps.method':
    'PE 표는 nw.positionalEncoding이, 그람 행렬 G = PE·PEᵀ와 M_k·PE(pos)는 nw.linear가 계산합니다(표가 입력이자 가중치). M_k의 cos·sin은 PE(k) 행에서 가져오고, 단위원의 점은 표의 (2i+1, 2i) 열, 돌린 점은 nw.linear의 결과입니다.',
  // ── </shared> ──

  // ── <nw-kernel-source>: the code tabs ──
  'kernelSource.caption':
    '왼쪽은 이 프로젝트가 직접 쓴 PyTorch 코드이고(torch의 nn.LayerNorm, nn.TransformerEncoderLayer와 같은 값을 내는지 확인했습니다), 오른쪽은 이 페이지의 그림을 실제로 계산하는 C++ 커널입니다. 코드 줄에 포인터를 올리거나 Tab과 ↑/↓로 줄을 옮기면 그 줄의 단계가 아래 칸에 작은 예의 숫자와 함께 나오고, 같은 일을 하는 C++ 줄과 이 단계를 그리는 다른 그림도 함께 강조됩니다.',
  'kernelSource.tab.positionalEncoding': '위치 인코딩',
  'kernelSource.tab.layerNorm': 'LayerNorm',
  'kernelSource.tab.ffn': 'FFN',
  'kernelSource.tab.preLnBlock': 'Pre-LN 블록',
  'kernelSource.tab.encoderLayer': '인코더 층 (Post-LN)',
  'kernelSource.steps': '단계',
  'kernelSource.stepHint':
    'PyTorch 코드의 줄(왼쪽 테두리가 있는 줄)에 포인터를 올리거나 단계 버튼을 누르면 여기에 설명과 숫자가 나옵니다.',
  'kernelSource.pyTitle': 'PyTorch (이 프로젝트가 쓴 코드)',
  'kernelSource.pyLabel': 'PyTorch 코드. 단계가 있는 줄은 Tab으로 들어가 ↑/↓로 옮겨 다닐 수 있습니다.',
  'kernelSource.cppTitle': 'C++ 커널 (이 페이지가 실행하는 코드)',
  'kernelSource.impl': '보여 줄 구현',
  'kernelSource.implRef': '참조 구현 (ref)',
  'kernelSource.implFast': 'SIMD 경로',
  'kernelSource.noteTitle': '원문 코드에서 조심할 점:',
  'kernelSource.note.preLnBlock':
    'Pre-LN 스택은 마지막 층 뒤에 LayerNorm이 하나 더 있어야 합니다(final_norm). Pre-LN 층은 잔차에 더하기만 하므로, 이것을 빼면 출력의 크기가 층 수에 따라 커진 채로 나갑니다(그림 “N개 층 쌓기”에서 마지막 LayerNorm을 꺼 보세요). 또 norm1(x)는 한 번만 계산해 Q, K, V에 함께 넘기면 됩니다. 같은 식을 세 번 부르면 같은 계산을 세 번 합니다.',
  'kernelSource.note.encoderLayer':
    'Post-LN 층은 norm2로 끝나므로, 원문 글의 Encoder처럼 스택 끝에 LayerNorm을 하나 더 붙이는 것은 군더더기입니다. 초기값 γ = 1, β = 0에서는 LN(LN(x)) ≈ LN(x)이고, 학습 뒤에도 스케일과 이동을 한 번 더 얹을 뿐입니다. 끝의 LayerNorm이 꼭 필요한 쪽은 Pre-LN 스택입니다.',
  'kernelSource.tokenRow': '토큰 1의 벡터: {values} · ‖h‖ = {norm}',
  'kernelSource.outputRow': '출력, 토큰 1: {values}',
  'kernelSource.check': '단계별 손 계산과 forward()의 최대 차이: {worst}',
  'kernelSource.peTable': 'PE 표, 위치 4개 × 차원 8개',
  'kernelSource.step.positionalEncoding.pos': 'pos: 위치',
  'kernelSource.step.positionalEncoding.omega': 'ω_i: 쌍의 주파수',
  'kernelSource.step.positionalEncoding.angle': 'pos·ω_i: 각도',
  'kernelSource.step.positionalEncoding.sin': '짝수 차원 = sin',
  'kernelSource.step.positionalEncoding.cos': '홀수 차원 = cos',
  'kernelSource.step.positionalEncoding.add': '임베딩에 더하기',
  'kernelSource.step.ffn.linear1': 'Linear₁: xW₁ + b₁',
  'kernelSource.step.ffn.act': '활성화',
  'kernelSource.step.ffn.linear2': 'Linear₂: ·W₂ + b₂',
  'kernelSource.step.preLnBlock.ln1': 'LayerNorm₁',
  'kernelSource.step.preLnBlock.attn': '셀프 어텐션',
  'kernelSource.step.preLnBlock.add1': '잔차 더하기₁',
  'kernelSource.step.preLnBlock.ln2': 'LayerNorm₂',
  'kernelSource.step.preLnBlock.ffn': 'FFN',
  'kernelSource.step.preLnBlock.add2': '잔차 더하기₂',
  'kernelSource.step.preLnBlock.final': '마지막 LayerNorm',
  'kernelSource.step.encoderLayer.attn': '셀프 어텐션',
  'kernelSource.step.encoderLayer.add1': '잔차 더하기₁',
  'kernelSource.step.encoderLayer.ln1': 'LayerNorm₁',
  'kernelSource.step.encoderLayer.ffn': 'FFN',
  'kernelSource.step.encoderLayer.add2': '잔차 더하기₂',
  'kernelSource.step.encoderLayer.ln2': 'LayerNorm₂',
  'kernelSource.text.positionalEncoding.pos':
    '위치 번호 0, 1, 2, …를 열 벡터로 세웁니다. 표의 행 하나가 위치 하나입니다.',
  'kernelSource.text.positionalEncoding.omega':
    '쌍 i의 주파수 ω_i = 10000^(−2i/d_model). i가 커질수록 작아져 파장이 길어집니다. 아래 값은 계산된 표의 pos = 1 행에서 되읽은 것입니다.',
  'kernelSource.text.positionalEncoding.angle':
    '위치와 주파수를 곱한 각도 pos·ω_i. 모든 쌍을 한 번에 브로드캐스트로 곱합니다.',
  'kernelSource.text.positionalEncoding.sin':
    '짝수 차원 2i에 sin(pos·ω_i)를 넣습니다(논문의 교차 배치). 표에서 강조한 열입니다.',
  'kernelSource.text.positionalEncoding.cos': '홀수 차원 2i+1에 cos(pos·ω_i)를 넣습니다. 표에서 강조한 열입니다.',
  'kernelSource.text.positionalEncoding.add':
    '토큰 임베딩에 같은 위치의 PE 행을 더합니다. 학습할 파라미터는 없습니다. 이 덧셈은 커널이 아니라 부르는 쪽에서 합니다.',
  'kernelSource.text.layerNorm.1': '마지막 차원(H개 특징)의 평균. 토큰마다 스칼라 하나입니다.',
  'kernelSource.text.layerNorm.2': 'μ에서 떨어진 거리의 제곱을 평균낸 분산. H로 나눕니다(모분산).',
  'kernelSource.text.layerNorm.3': 'μ를 빼고 √(σ² + ε)로 나눕니다. 평균 0, 분산 1에 가까워집니다.',
  'kernelSource.text.layerNorm.4':
    '특징마다 학습되는 γ를 곱하고 β를 더합니다. 여기 예는 nn.LayerNorm의 초기값 γ = 1, β = 0이라 y = x̂입니다.',
  'kernelSource.text.ffn.linear1':
    '토큰 벡터(d_model = 4)를 d_ff = 8로 넓힙니다. nn.Linear는 가중치를 [출력, 입력] = W₁ᵀ 모양으로 저장합니다.',
  'kernelSource.text.ffn.act':
    '음수를 자르는 ReLU(또는 매끄러운 GELU). 이 비선형이 없으면 두 선형 변환은 하나로 합쳐집니다.',
  'kernelSource.text.ffn.linear2':
    'd_ff에서 다시 d_model로 줄입니다. 위치마다 따로 적용되므로 다른 토큰은 이 계산에 끼어들지 않습니다.',
  'kernelSource.text.preLnBlock.ln1': '서브레이어에 들어가기 전에만 정규화합니다. 잔차 x 자체는 정규화되지 않습니다.',
  'kernelSource.text.preLnBlock.attn':
    '정규화한 h로 Q, K, V를 만들고 헤드별로 softmax(QKᵀ/√d_k)V를 계산한 뒤 W_O로 합칩니다.',
  'kernelSource.text.preLnBlock.add1': '어텐션 출력을 정규화하지 않은 x에 그대로 더합니다.',
  'kernelSource.text.preLnBlock.ln2': 'FFN에 들어가기 전에 다시 정규화합니다.',
  'kernelSource.text.preLnBlock.ffn': '위치마다 Linear → ReLU → Linear.',
  'kernelSource.text.preLnBlock.add2':
    'FFN 출력을 잔차에 더합니다. 블록의 출력은 정규화되지 않은 채 다음 층으로 갑니다.',
  'kernelSource.text.preLnBlock.final': '모든 층을 지난 뒤 한 번 정규화합니다. Pre-LN 스택에는 꼭 필요합니다.',
  'kernelSource.text.encoderLayer.attn': '입력 x로 바로 Q, K, V를 만들어 셀프 어텐션을 계산합니다.',
  'kernelSource.text.encoderLayer.add1': '어텐션 출력을 x에 더합니다.',
  'kernelSource.text.encoderLayer.ln1': '더한 결과 전체를 정규화합니다. 잔차 경로도 이 LayerNorm을 지납니다.',
  'kernelSource.text.encoderLayer.ffn': '위치마다 Linear → ReLU → Linear.',
  'kernelSource.text.encoderLayer.add2': 'FFN 출력을 잔차에 더합니다.',
  'kernelSource.text.encoderLayer.ln2': '다시 전체를 정규화합니다. 층의 출력은 이미 LayerNorm을 지난 값입니다.',
  'kernelSource.method':
    '작은 예의 모든 숫자는 라이브러리가 계산합니다. PE는 nw.positionalEncoding(4, 8), LayerNorm은 nw.layerNormWithStats, FFN은 시드로 고정한 nn.Linear 초기값으로 nw.linear와 nw.activation을 씁니다. C++는 빌드할 때 cpp/src에서, PyTorch 코드는 scripts/article_code.py에서 그대로 가져오고, scripts/check_article_code.py가 그 PyTorch 코드를 torch의 구현과 대조합니다.',
  'kernelSource.method.positionalEncoding':
    'ω_i와 각도는 계산된 표의 (sin, cos) 쌍에서 atan2로 되읽었습니다(pos ≤ 3이면 각도가 π보다 작아 그대로 읽힙니다).',
  'kernelSource.method.layerNorm': '입력은 x = [2.4, 1.1, −0.3, 0.8, 3.0, −1.2, 0.5, 1.7]로 μ = 1, σ² = 1.66입니다.',
  'kernelSource.method.ffn':
    'd_model = 4, d_ff = 8, ReLU. 가중치는 PyTorch nn.Linear의 기본 초기화(±1/√fan_in 균등분포)를 시드로 고정해 뽑았습니다.',
  'kernelSource.method.preLnBlock':
    '무작위 가중치(시드 고정)의 1층 Pre-LN 인코더(d_model 8, 헤드 2개, d_ff 16, 마지막 LayerNorm)를 nw.createEncoder로 만들고, stateDict()의 가중치로 한 단계씩 계산했습니다: LayerNorm은 nw.layerNorm, 어텐션은 헤드마다 nw.linear(QKᵀ), 대각 행렬을 곱하는 nw.linear(÷√d_k), nw.softmax, nw.linear(×V), 잔차 더하기는 [x | y]에 [I | I]를 곱하는 nw.linear입니다. 마지막 결과를 같은 인코더의 forward()와 비교합니다.',
  'kernelSource.method.encoderLayer':
    '무작위 가중치(시드 고정)의 1층 Post-LN 인코더(d_model 8, 헤드 2개, d_ff 16, 끝의 LayerNorm 없음)를 Pre-LN 탭과 같은 방법으로 한 단계씩 계산하고 forward()와 비교합니다.',
  // ── </nw-kernel-source> ──

  // ── the article's sections on attention by hand and the closing summary ──
  's12.steps':
    '<p>학습된 모델을 보기 전에, 어텐션 한 번을 손으로 따라가 봅시다. 토큰 세 개, 차원 4짜리 예에서 Q, K, V를 만들고, 점수 QKᵀ를 구하고, √d_k로 나누고, softmax를 거쳐 V를 섞습니다. 이어서 같은 Q, K, V를 d_k = 2인 헤드 두 개로 나눠 헤드마다 softmax(QKᵀ/√d_k)V를 따로 계산하고, 두 헤드의 출력을 이어 붙여 W_O를 곱합니다. <a data-cite="alammar2018">Alammar의 Illustrated Transformer</a>가 그림으로 풀어 보인 멀티헤드 어텐션을 숫자로 따라가는 셈입니다. 숫자를 누르면 그 숫자가 어디서 왔는지 나옵니다.</p>',
  's18.title': '정리: 한눈에 보기',
  's18.body':
    '<p>이 글의 생각들을 한 줄씩, 그 생각을 직접 만져 볼 수 있는 그림과 함께 모았습니다.</p><ul class="summary"><li>셀프 어텐션은 토큰을 집합처럼 다루므로 순서를 모릅니다 — <a href="#order-demo">단어 순서 그림</a></li><li>사인·코사인 PE는 sin·cos 쌍마다 다른 주파수로 위치마다 고유한 벡터를 만듭니다 — <a href="#pe-waves">파형</a>, <a href="#pe-heatmap">히트맵</a></li><li>값은 [−1, 1]에 머물고, 위치마다 다르며, k칸 이동은 회전 M_k 하나이고, 학습 길이 너머에서도 계산됩니다 — <a href="#pe-properties">네 가지 성질</a></li><li>학습형 PE와 RoPE·ALiBi는 위치를 다른 방식으로 넣고, RoPE만으로는 학습 길이를 넘기 어렵습니다 — <a href="#pe-compare">비교</a></li><li>층을 쌓으면 활성값의 크기가 곱해져 폭발하거나 사라지고, 정규화가 이를 끊습니다 — <a href="#depth-demo">깊이 실험</a></li><li>레이어 정규화는 ① 평균 ② 분산 ③ 정규화 ④ 스케일·이동의 네 단계입니다 — <a href="#ln-steps">네 단계</a>, <a href="#ln-pipeline">파이프라인</a>, <a href="#ln-simulator">시뮬레이터</a></li><li>배치 정규화는 열(배치)로, 레이어 정규화는 행(한 토큰)으로 통계를 내므로 레이어 정규화는 배치와 무관합니다 — <a href="#norm-axes">정규화 축</a>, <a href="#batch-independence">배치 절반 실험</a></li><li>LayerNorm은 잔차 뒤(Post-LN)나 서브레이어 앞(Pre-LN)에 두고, RMSNorm은 평균 빼기를 생략합니다 — <a href="#prepost-ln">Post-LN과 Pre-LN</a>, <a href="#rmsnorm">RMSNorm</a></li><li>같은 계산을 PyTorch 코드와 이 페이지의 C++ 커널로 — <a href="#kernel-source">코드</a></li><li>인코더 블록은 셀프 어텐션과 FFN을 Add & Norm으로 감싸 N번 쌓습니다 — <a href="#encoder-block">블록</a>, <a href="#attention-steps">손으로 푸는 어텐션</a>, <a href="#attention">학습된 어텐션</a>, <a href="#ffn">FFN</a>, <a href="#encoder-stack">N층 쌓기</a></li><li>이해했는지 확인하기 — <a href="#quiz">이해도 점검</a></li></ul>',
  // ── </sections> ──
};
