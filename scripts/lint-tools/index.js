export { default as tseslint } from 'typescript-eslint';
export { default as importX, createNodeResolver } from 'eslint-plugin-import-x';
export { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
