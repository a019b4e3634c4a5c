// How far X-Forwarded-* is trusted (TRUST_PROXY), as the function Fastify's `trustProxy` takes.
import proxyAddr from '@fastify/proxy-addr'
import type { Config } from '../config'

/** Whether the hop-th address from the server (0: the socket's peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean

/**
 * A number of proxy hops or the proxies' addresses (proxy-addr) as one function; undefined when no proxy is trusted.
 * Only what trusted proxies appended to X-Forwarded-For counts, so a client cannot pick its own address by sending
 * the header itself. A hop count becomes a function: Fastify refuses bare numbers, since a client that can reach the
 * server directly (not through the proxy) could then choose its address; TRUST_PROXY=N is for servers reachable only
 * through their proxies (the README says so), the list of proxy addresses for everything else.
 */
export function trustFunction(trust: Config['trustProxy']): ProxyTrust | undefined {
  if (trust === false) return undefined
  if (typeof trust === 'number') {
    const hops = trust
    return (_address, hop) => hop < hops
  }
  return proxyAddr.compile(trust)
}
