// An import resolver (eslint-plugin-import's resolver interface, version 2) for the `@/` and `@domain/` aliases of
// tsconfig.json and vite.config.ts: `@/features/x` is `src/features/x`. The boundary rules need every import
// resolved to a file to know its layer; Node's resolver alone cannot read the alias, and the TypeScript
// resolver needs native bindings the registry does not serve for every platform. This maps the alias and
// hands the rest to Node's resolver.
const path = require('node:path')
const node = require('eslint-import-resolver-node')

const SRC = path.resolve(__dirname, '..', 'src')
// `@domain/rules` is `domain/rules`: the shared kernel at the top level.
const DOMAIN = path.resolve(__dirname, '..', 'domain')

exports.interfaceVersion = 2

exports.resolve = function resolve(source, file, config) {
  const target = source.startsWith('@/')
    ? path.join(SRC, source.slice(2))
    : source.startsWith('@domain/')
      ? path.join(DOMAIN, source.slice('@domain/'.length))
      : source
  return node.resolve(target, file, config)
}
