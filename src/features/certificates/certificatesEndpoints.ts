// Certificates: one certificate by its link (its own page), the caller's certificates and their 'Keep my certificates
// private' (the profile's list, a course page's 'View certificate').
import { generatedCertificatesApi } from '@/api/generated/certificatesApi'
import { certificatesTag, TAG_TYPES } from '@/api/tags'

// Generated into a file of its own (openapi/codegen.config.cjs): loaded with these pages, not in the entry chunk.
export const certificatesApi = generatedCertificatesApi.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    // The holder's page tells them when it is private: the setting refetches it.
    getCertificate: {
      providesTags: (_r, _e, arg) => [{ type: 'Certificate', id: arg.certificateId }, certificatesTag],
    },
    // A completion that finishes a course earns one (progressEndpoints.ts and progressThunks.ts invalidate this).
    getMyCertificates: { providesTags: [certificatesTag] },
    setCertificatePrivacy: { invalidatesTags: (r) => (r ? [certificatesTag] : []) },
  },
})

export const { useGetCertificateQuery, useGetMyCertificatesQuery, useSetCertificatePrivacyMutation } =
  certificatesApi
