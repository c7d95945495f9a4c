// Lint: typescript-eslint's recommended, type-aware rules for the extension's sources.
import tseslint from 'typescript-eslint';

export default tseslint.config(...tseslint.configs.recommended, {
  files: ['src/**/*.ts'],
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    eqeqeq: 'error',
    curly: 'error',
  },
});
