// Lint: typescript-eslint's recommended rules over every TypeScript file in the tree; formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'src/generated/', 'web/dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter kept for the contract's shape).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests, benchmarks and the example clients read untyped JSON off the wire (GraphQL and REST answers),
    // and GraphQL resolvers get parents and arguments the schema types, not TypeScript.
    files: ['test/**', 'bench/**', 'examples/**', '**/*.test.ts', 'src/api/graphql/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
