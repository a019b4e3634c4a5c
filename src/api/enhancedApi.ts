// Cache tags for the generated endpoints (filled in with the SPA's data layer).
import { generatedApi } from '@/api/generated/api'

export const api = generatedApi
export * from '@/api/generated/api'
