// Certificates: one certificate by its link (its own page), the caller's certificates and their 'Keep my certificates
// private' (the profile's list, a course page's 'View certificate').
import { generatedCertificatesApi } from '@/api/generated/certificatesApi'
import { TAG_TYPES } from '@/api/tags'

/** The caller's certificates, and each one read: the privacy setting changes what they show. */
const certificatesTag = { type: 'Certificate' as const, id: 'LIST' }

// Generated into a file of its own (openapi/codegen.config.cjs): loaded with these pages, not in the entry chunk; so is
// its tag type, which no other feature names (a course page asks again itself once a course is finished:
// CourseCertificate.tsx).
export const certificatesApi = generatedCertificatesApi.enhanceEndpoints({
  addTagTypes: [...TAG_TYPES, 'Certificate'],
  endpoints: {
    // The holder's page tells them when it is private: the setting refetches it.
    getCertificate: { providesTags: [certificatesTag] },
    getMyCertificates: { providesTags: [certificatesTag] },
    setCertificatePrivacy: { invalidatesTags: (r) => (r ? [certificatesTag] : []) },
  },
})

export const { useGetCertificateQuery, useGetMyCertificatesQuery, useSetCertificatePrivacyMutation } =
  certificatesApi
