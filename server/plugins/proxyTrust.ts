// How far X-Forwarded-* is trusted (TRUST_PROXY), and a forwarded request read as Fastify's request reads it
// (fastify/lib/request.js: `ip`, `host`, `protocol`), for the code that answers before Fastify does.
import type { IncomingMessage } from 'node:http'
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

/** The last of a header's comma-separated values, trimmed (as Fastify reads X-Forwarded-Host and -Proto). */
function lastEntry(value: string | string[]): string {
  const v = Array.isArray(value) ? value.join(',') : value
  const at = v.lastIndexOf(',')
  return (at === -1 ? v : v.slice(at + 1)).trim()
}

/** Whether the socket's peer is a trusted proxy, so that X-Forwarded-Host and -Proto count. */
const fromProxy = (raw: IncomingMessage, trust: ProxyTrust | undefined): trust is ProxyTrust =>
  trust !== undefined && trust(raw.socket.remoteAddress ?? '', 0)

/** The host a trusted proxy forwarded (X-Forwarded-Host), or undefined: then the Host header is the request's. */
export function forwardedHost(raw: IncomingMessage, trust: ProxyTrust | undefined): string | undefined {
  const value = raw.headers['x-forwarded-host']
  return value !== undefined && fromProxy(raw, trust) ? lastEntry(value) : undefined
}

/** The request's protocol: what a trusted proxy forwarded (X-Forwarded-Proto), or the socket's own. */
export function requestProtocol(raw: IncomingMessage, trust: ProxyTrust | undefined): string {
  const value = raw.headers['x-forwarded-proto']
  if (value !== undefined && fromProxy(raw, trust)) return lastEntry(value)
  return (raw.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
}

/** The client's address: the nearest one a trusted proxy did not vouch for (Fastify's `request.ip`). */
export function clientAddress(raw: IncomingMessage, trust: ProxyTrust | undefined): string | undefined {
  return trust ? proxyAddr(raw, trust) : raw.socket.remoteAddress
}
