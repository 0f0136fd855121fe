// @ts-check
import tseslint from 'typescript-eslint';

/**
 * Import borders of DESIGN.md: shared imports nothing of ours; server, main and renderer
 * import shared and nothing of each other; preload imports only shared/ipc.
 * Only src/main/index.ts may import electron itself, so that main modules run under Vitest.
 */
const borderPatterns = (...forbidden) =>
  forbidden.map((group) => ({
    group: [`**/${group}/**`, `**/${group}`],
    message: `This source root may not import from src/${group} (see DESIGN.md, Layout).`,
  }));
const border = (...forbidden) => ({
  'no-restricted-imports': ['error', { patterns: borderPatterns(...forbidden) }],
});

/**
 * Inside the renderer, the resource engine (src/renderer/src/resources) and the shared widgets
 * (src/renderer/src/components) serve every area and know none: features register with them,
 * never the other way round. A flat config replaces a rule's options per file rather than
 * merging them, so these folders repeat the renderer's own border.
 */
const knowsNoFeature = (folder) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...borderPatterns('server', 'main', 'preload'),
        {
          group: ['**/features/**', '**/features'],
          message: `src/renderer/src/${folder} may not import a feature; let the feature pass it in (see docs/renderer.md, Structure).`,
        },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'data/', 'dist/', 'release/', 'bench/results/'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // API tests read loosely typed JSON bodies; `any` there keeps assertions readable.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['src/shared/**'], rules: border('server', 'main', 'renderer', 'preload') },
  { files: ['src/server/**'], rules: border('main', 'renderer', 'preload') },
  { files: ['src/renderer/**'], rules: border('server', 'main', 'preload') },
  { files: ['src/renderer/src/resources/**'], rules: knowsNoFeature('resources') },
  { files: ['src/renderer/src/components/**'], rules: knowsNoFeature('components') },
  {
    files: ['src/main/**'],
    ignores: ['src/main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/index.ts imports electron; take the API as a parameter.',
            },
          ],
          patterns: ['server', 'renderer', 'preload'].map((group) => ({
            group: [`**/${group}/**`],
            message: `src/main may not import from src/${group}.`,
          })),
        },
      ],
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/main/**',
                '**/renderer/**',
                '**/shared/**',
                '!**/shared/ipc',
              ],
              message: 'preload imports only src/shared/ipc.ts.',
            },
          ],
        },
      ],
    },
  },
);
