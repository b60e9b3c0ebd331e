// The works the article cites, in one place. scripts/prerender.mjs renders them as the reference
// list of both pages and turns every citation in the article's strings, <a data-cite="id"></a>,
// into a link to its entry (web/page.js adds the hover card). Each entry was checked against the
// work's own page (arXiv, ACL Anthology, the proceedings, the post itself): authors as printed
// there, the year of first publication, the venue where it appeared (or "arXiv preprint"), one
// link. `short` is the citation's text in the article before the year; `kind` names works that
// are not papers ('blog', 'forum'), shown as such in the list.

/** @typedef {{ id: string, short: string, authors: string, year: number, title: string, venue: string, url: string, kind?: 'blog' | 'forum' }} Reference */

/** @type {Reference[]} in the order of the list: by first author, then year. */
export const REFERENCES = [
  {
    id: 'alammar2018',
    short: 'Alammar',
    authors: 'Jay Alammar',
    year: 2018,
    title: 'The Illustrated Transformer',
    venue: 'jalammar.github.io',
    url: 'https://jalammar.github.io/illustrated-transformer/',
    kind: 'blog',
  },
  {
    id: 'ba2016',
    short: 'Ba et al.',
    authors: 'Jimmy Lei Ba, Jamie Ryan Kiros, Geoffrey E. Hinton',
    year: 2016,
    title: 'Layer Normalization',
    venue: 'arXiv preprint arXiv:1607.06450',
    url: 'https://arxiv.org/abs/1607.06450',
  },
  {
    id: 'bloc97-2023',
    short: 'bloc97',
    authors: 'bloc97',
    year: 2023,
    title:
      'NTK-Aware Scaled RoPE allows LLaMA models to have extended (8k+) context size without any fine-tuning and minimal perplexity degradation',
    venue: 'Reddit, r/LocalLLaMA',
    url: 'https://www.reddit.com/r/LocalLLaMA/comments/14lz7j5/ntkaware_scaled_rope_allows_llama_models_to_have/',
    kind: 'forum',
  },
  {
    id: 'brown2020',
    short: 'Brown et al.',
    authors: 'Tom B. Brown, Benjamin Mann, Nick Ryder, Melanie Subbiah, et al.',
    year: 2020,
    title: 'Language Models are Few-Shot Learners',
    venue: 'Advances in Neural Information Processing Systems 33 (NeurIPS 2020)',
    url: 'https://arxiv.org/abs/2005.14165',
  },
  {
    id: 'chen2023',
    short: 'Chen et al.',
    authors: 'Shouyuan Chen, Sherman Wong, Liangjian Chen, Yuandong Tian',
    year: 2023,
    title: 'Extending Context Window of Large Language Models via Positional Interpolation',
    venue: 'arXiv preprint arXiv:2306.15595',
    url: 'https://arxiv.org/abs/2306.15595',
  },
  {
    id: 'devlin2019',
    short: 'Devlin et al.',
    authors: 'Jacob Devlin, Ming-Wei Chang, Kenton Lee, Kristina Toutanova',
    year: 2019,
    title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
    venue: 'Proceedings of NAACL-HLT 2019, pages 4171–4186',
    url: 'https://aclanthology.org/N19-1423',
  },
  {
    id: 'gemma2024',
    short: 'Gemma Team',
    authors: 'Gemma Team, Google DeepMind',
    year: 2024,
    title: 'Gemma: Open Models Based on Gemini Research and Technology',
    venue: 'arXiv preprint arXiv:2403.08295',
    url: 'https://arxiv.org/abs/2403.08295',
  },
  {
    id: 'he2016',
    short: 'He et al.',
    authors: 'Kaiming He, Xiangyu Zhang, Shaoqing Ren, Jian Sun',
    year: 2016,
    title: 'Deep Residual Learning for Image Recognition',
    venue: 'Proceedings of CVPR 2016',
    url: 'https://arxiv.org/abs/1512.03385',
  },
  {
    id: 'ioffe2015',
    short: 'Ioffe & Szegedy',
    authors: 'Sergey Ioffe, Christian Szegedy',
    year: 2015,
    title: 'Batch Normalization: Accelerating Deep Network Training by Reducing Internal Covariate Shift',
    venue: 'Proceedings of ICML 2015',
    url: 'https://arxiv.org/abs/1502.03167',
  },
  {
    id: 'jawahar2019',
    short: 'Jawahar et al.',
    authors: 'Ganesh Jawahar, Benoît Sagot, Djamé Seddah',
    year: 2019,
    title: 'What Does BERT Learn about the Structure of Language?',
    venue: 'Proceedings of ACL 2019, pages 3651–3657',
    url: 'https://aclanthology.org/P19-1356',
  },
  {
    id: 'kazemnejad2019',
    short: 'Kazemnejad',
    authors: 'Amirhossein Kazemnejad',
    year: 2019,
    title: 'Transformer Architecture: The Positional Encoding',
    venue: 'kazemnejad.com',
    url: 'https://kazemnejad.com/blog/transformer_architecture_positional_encoding/',
    kind: 'blog',
  },
  {
    id: 'liu2020',
    short: 'Liu et al.',
    authors: 'Liyuan Liu, Xiaodong Liu, Jianfeng Gao, Weizhu Chen, Jiawei Han',
    year: 2020,
    title: 'Understanding the Difficulty of Training Transformers',
    venue: 'Proceedings of EMNLP 2020, pages 5747–5763',
    url: 'https://aclanthology.org/2020.emnlp-main.463',
  },
  {
    id: 'peng2023',
    short: 'Peng et al.',
    authors: 'Bowen Peng, Jeffrey Quesnelle, Honglu Fan, Enrico Shippole',
    year: 2023,
    title: 'YaRN: Efficient Context Window Extension of Large Language Models',
    venue: 'arXiv preprint arXiv:2309.00071 (ICLR 2024)',
    url: 'https://arxiv.org/abs/2309.00071',
  },
  {
    id: 'press2022',
    short: 'Press et al.',
    authors: 'Ofir Press, Noah A. Smith, Mike Lewis',
    year: 2022,
    title: 'Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation',
    venue: 'ICLR 2022',
    url: 'https://arxiv.org/abs/2108.12409',
  },
  {
    id: 'radford2019',
    short: 'Radford et al.',
    authors: 'Alec Radford, Jeffrey Wu, Rewon Child, David Luan, Dario Amodei, Ilya Sutskever',
    year: 2019,
    title: 'Language Models are Unsupervised Multitask Learners',
    venue: 'OpenAI technical report',
    url: 'https://cdn.openai.com/better-language-models/language_models_are_unsupervised_multitask_learners.pdf',
  },
  {
    id: 'santurkar2018',
    short: 'Santurkar et al.',
    authors: 'Shibani Santurkar, Dimitris Tsipras, Andrew Ilyas, Aleksander Mądry',
    year: 2018,
    title: 'How Does Batch Normalization Help Optimization?',
    venue: 'Advances in Neural Information Processing Systems 31 (NeurIPS 2018)',
    url: 'https://arxiv.org/abs/1805.11604',
  },
  {
    id: 'su2021',
    short: 'Su et al.',
    authors: 'Jianlin Su, Yu Lu, Shengfeng Pan, Ahmed Murtadha, Bo Wen, Yunfeng Liu',
    year: 2021,
    title: 'RoFormer: Enhanced Transformer with Rotary Position Embedding',
    venue: 'arXiv preprint arXiv:2104.09864',
    url: 'https://arxiv.org/abs/2104.09864',
  },
  {
    id: 'tenney2019',
    short: 'Tenney et al.',
    authors: 'Ian Tenney, Dipanjan Das, Ellie Pavlick',
    year: 2019,
    title: 'BERT Rediscovers the Classical NLP Pipeline',
    venue: 'Proceedings of ACL 2019, pages 4593–4601',
    url: 'https://arxiv.org/abs/1905.05950',
  },
  {
    id: 'touvron2023',
    short: 'Touvron et al.',
    authors: 'Hugo Touvron, Thibaut Lavril, Gautier Izacard, Xavier Martinet, et al.',
    year: 2023,
    title: 'LLaMA: Open and Efficient Foundation Language Models',
    venue: 'arXiv preprint arXiv:2302.13971',
    url: 'https://arxiv.org/abs/2302.13971',
  },
  {
    id: 'vaswani2017',
    short: 'Vaswani et al.',
    authors:
      'Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N. Gomez, Łukasz Kaiser, Illia Polosukhin',
    year: 2017,
    title: 'Attention Is All You Need',
    venue: 'Advances in Neural Information Processing Systems 30 (NIPS 2017)',
    url: 'https://arxiv.org/abs/1706.03762',
  },
  {
    id: 'xiong2020',
    short: 'Xiong et al.',
    authors: 'Ruibin Xiong, Yunchang Yang, Di He, Kai Zheng, Shuxin Zheng, Chen Xing, Huishuai Zhang, et al.',
    year: 2020,
    title: 'On Layer Normalization in the Transformer Architecture',
    venue: 'Proceedings of ICML 2020',
    url: 'https://arxiv.org/abs/2002.04745',
  },
  {
    id: 'zhang2019',
    short: 'Zhang & Sennrich',
    authors: 'Biao Zhang, Rico Sennrich',
    year: 2019,
    title: 'Root Mean Square Layer Normalization',
    venue: 'Advances in Neural Information Processing Systems 32 (NeurIPS 2019)',
    url: 'https://papers.nips.cc/paper/9403-root-mean-square-layer-normalization',
  },
];

const BY_ID = new Map(REFERENCES.map((r) => [r.id, r]));

/** The entry of a citation id; throws naming the id when the article cites a work not listed. */
export function reference(id) {
  const r = BY_ID.get(id);
  if (!r) throw new Error(`references: no entry "${id}" in web/lib/references.js`);
  return r;
}

/** The id of a work's entry in the page (the target of its citations). */
export const referenceAnchor = (id) => `ref-${id}`;
