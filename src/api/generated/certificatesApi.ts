import { baseApi as api } from '../baseApi'
export const addTagTypes = ['Certificates'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCertificate: build.query<GetCertificateApiResponse, GetCertificateApiArg>({
        query: (queryArg) => ({ url: `/api/certificates/${queryArg.certificateId}` }),
        providesTags: ['Certificates'],
      }),
      getMyCertificates: build.query<GetMyCertificatesApiResponse, GetMyCertificatesApiArg>({
        query: () => ({ url: `/api/profile/me/certificates` }),
        providesTags: ['Certificates'],
      }),
      setCertificatePrivacy: build.mutation<SetCertificatePrivacyApiResponse, SetCertificatePrivacyApiArg>({
        query: (queryArg) => ({
          url: `/api/profile/me/certificate-privacy`,
          method: 'PUT',
          body: queryArg.certificatePrivacy,
        }),
        invalidatesTags: ['Certificates'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedCertificatesApi }
export type GetCertificateApiResponse = /** status 200 The certificate, as it was issued */ Certificate
export type GetCertificateApiArg = {
  certificateId: Id
}
export type GetMyCertificatesApiResponse = /** status 200 The caller's certificates */ MyCertificates
export type GetMyCertificatesApiArg = void
export type SetCertificatePrivacyApiResponse = /** status 200 The saved setting */ CertificatePrivacy
export type SetCertificatePrivacyApiArg = {
  certificatePrivacy: CertificatePrivacy
}
export type Id = string
export type Certificate = {
  _id: Id
  /** The learner's name as on their profile (their username) */
  learner: string
  /** The course; null once the course was deleted (its certificates stay) */
  courseId: string | null
  /** The course's title when the certificate was issued */
  courseTitle: string
  /** The course's instructor (their username) when the certificate was issued; null when it had none */
  instructor: string | null
  /** When the learner completed the course's last module */
  issuedAt: string
  /** Whether its holder keeps their certificates private (only they read it then) */
  private: boolean
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type MyCertificates = {
  /** 'Keep my certificates private' */
  private: boolean
  items: Certificate[]
}
export type CertificatePrivacy = {
  /** 'Keep my certificates private': on, their pages answer 404 to anyone but their holder */
  private: boolean
}
