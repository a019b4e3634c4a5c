import { baseApi as api } from '../baseApi'
export const addTagTypes = [
  'Health',
  'Auth',
  'Profile',
  'Course',
  'Enrollment',
  'Module',
  'Progress',
  'Review',
  'Video',
  'User',
  'Followers',
  'Comments',
  'Cart',
  'Games',
] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
        query: () => ({ url: `/api/health` }),
        providesTags: ['Health'],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({ url: `/api/auth/register`, method: 'POST', body: queryArg.registerInput }),
        invalidatesTags: ['Auth'],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({ url: `/api/auth/login`, method: 'POST', body: queryArg.loginInput }),
        invalidatesTags: ['Auth'],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/api/auth/logout`, method: 'POST' }),
        invalidatesTags: ['Auth'],
      }),
      logoutEverywhere: build.mutation<LogoutEverywhereApiResponse, LogoutEverywhereApiArg>({
        query: () => ({ url: `/api/auth/logout-all`, method: 'POST' }),
        invalidatesTags: ['Auth'],
      }),
      requestPasswordReset: build.mutation<RequestPasswordResetApiResponse, RequestPasswordResetApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/forgot-password`,
          method: 'POST',
          body: queryArg.passwordResetRequest,
        }),
        invalidatesTags: ['Auth'],
      }),
      resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/reset-password`,
          method: 'POST',
          body: queryArg.passwordResetWithToken,
        }),
        invalidatesTags: ['Auth'],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({ url: `/api/auth/verify-email`, method: 'POST', body: queryArg.mailToken }),
        invalidatesTags: ['Auth'],
      }),
      unsubscribeReviewReminders: build.mutation<
        UnsubscribeReviewRemindersApiResponse,
        UnsubscribeReviewRemindersApiArg
      >({
        query: (queryArg) => ({
          url: `/api/mail/unsubscribe`,
          method: 'POST',
          params: {
            user: queryArg.user,
            sig: queryArg.sig,
          },
        }),
        invalidatesTags: ['Profile'],
      }),
      getCourses: build.query<GetCoursesApiResponse, GetCoursesApiArg>({
        query: (queryArg) => ({
          url: `/api/courses`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
          params: {
            q: queryArg.q,
            sort: queryArg.sort,
            minPrice: queryArg.minPrice,
            maxPrice: queryArg.maxPrice,
            limit: queryArg.limit,
            cursor: queryArg.cursor,
          },
        }),
        providesTags: ['Course'],
      }),
      createCourse: build.mutation<CreateCourseApiResponse, CreateCourseApiArg>({
        query: (queryArg) => ({ url: `/api/courses`, method: 'POST', body: queryArg.courseInput }),
        invalidatesTags: ['Course'],
      }),
      getDraftCourses: build.query<GetDraftCoursesApiResponse, GetDraftCoursesApiArg>({
        query: () => ({ url: `/api/courses/drafts` }),
        providesTags: ['Course'],
      }),
      getCourse: build.query<GetCourseApiResponse, GetCourseApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
        }),
        providesTags: ['Course'],
      }),
      updateCourse: build.mutation<UpdateCourseApiResponse, UpdateCourseApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}`,
          method: 'PATCH',
          body: queryArg.coursePatch,
        }),
        invalidatesTags: ['Course'],
      }),
      deleteCourse: build.mutation<DeleteCourseApiResponse, DeleteCourseApiArg>({
        query: (queryArg) => ({ url: `/api/courses/${queryArg.courseId}`, method: 'DELETE' }),
        invalidatesTags: ['Course'],
      }),
      getEnrolledCourses: build.query<GetEnrolledCoursesApiResponse, GetEnrolledCoursesApiArg>({
        query: (queryArg) => ({ url: `/api/courses/user/${queryArg.userId}/enrolled` }),
        providesTags: ['Enrollment'],
      }),
      getEnrolledStudents: build.query<GetEnrolledStudentsApiResponse, GetEnrolledStudentsApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/enrolled-students`,
          params: {
            limit: queryArg.limit,
            cursor: queryArg.cursor,
          },
        }),
        providesTags: ['Enrollment'],
      }),
      getCourseCurriculum: build.query<GetCourseCurriculumApiResponse, GetCourseCurriculumApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/curriculum`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
        }),
        providesTags: ['Module'],
      }),
      reorderModules: build.mutation<ReorderModulesApiResponse, ReorderModulesApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/modules/order`,
          method: 'PUT',
          body: queryArg.moduleOrder,
        }),
        invalidatesTags: ['Module'],
      }),
      enrollInCourse: build.mutation<EnrollInCourseApiResponse, EnrollInCourseApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/enroll`,
          method: 'POST',
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Enrollment'],
      }),
      getCourseProgress: build.query<GetCourseProgressApiResponse, GetCourseProgressApiArg>({
        query: (queryArg) => ({ url: `/api/courses/${queryArg.courseId}/progress` }),
        providesTags: ['Progress'],
      }),
      getMyProgress: build.query<GetMyProgressApiResponse, GetMyProgressApiArg>({
        query: () => ({ url: `/api/progress` }),
        providesTags: ['Progress'],
      }),
      saveModuleProgress: build.mutation<SaveModuleProgressApiResponse, SaveModuleProgressApiArg>({
        query: (queryArg) => ({
          url: `/api/progress/modules/${queryArg.moduleId}`,
          method: 'PUT',
          body: queryArg.progressInput,
        }),
        invalidatesTags: ['Progress'],
      }),
      setModuleCompletion: build.mutation<SetModuleCompletionApiResponse, SetModuleCompletionApiArg>({
        query: (queryArg) => ({
          url: `/api/progress/modules/${queryArg.moduleId}/completion`,
          method: 'PUT',
          body: queryArg.completionInput,
        }),
        invalidatesTags: ['Progress'],
      }),
      recordLinePractice: build.mutation<RecordLinePracticeApiResponse, RecordLinePracticeApiArg>({
        query: (queryArg) => ({
          url: `/api/lines/${queryArg.moduleId}/practice`,
          method: 'POST',
          body: queryArg.linePracticeInput,
        }),
        invalidatesTags: ['Review'],
      }),
      getDueReviews: build.query<GetDueReviewsApiResponse, GetDueReviewsApiArg>({
        query: () => ({ url: `/api/reviews` }),
        providesTags: ['Review'],
      }),
      getReviewSummary: build.query<GetReviewSummaryApiResponse, GetReviewSummaryApiArg>({
        query: () => ({ url: `/api/reviews/summary` }),
        providesTags: ['Review'],
      }),
      getReviewForecast: build.query<GetReviewForecastApiResponse, GetReviewForecastApiArg>({
        query: (queryArg) => ({
          url: `/api/reviews/forecast`,
          params: {
            tzOffset: queryArg.tzOffset,
          },
        }),
        providesTags: ['Review'],
      }),
      getDifficultMoves: build.query<GetDifficultMovesApiResponse, GetDifficultMovesApiArg>({
        query: () => ({ url: `/api/reviews/difficult-moves` }),
        providesTags: ['Review'],
      }),
      createModule: build.mutation<CreateModuleApiResponse, CreateModuleApiArg>({
        query: (queryArg) => ({ url: `/api/modules`, method: 'POST', body: queryArg.moduleInput }),
        invalidatesTags: ['Module'],
      }),
      getModulesByCourse: build.query<GetModulesByCourseApiResponse, GetModulesByCourseApiArg>({
        query: (queryArg) => ({
          url: `/api/modules/course/${queryArg.courseId}`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
        }),
        providesTags: ['Module'],
      }),
      updateModule: build.mutation<UpdateModuleApiResponse, UpdateModuleApiArg>({
        query: (queryArg) => ({
          url: `/api/modules/${queryArg.moduleId}`,
          method: 'PATCH',
          body: queryArg.modulePatch,
        }),
        invalidatesTags: ['Module'],
      }),
      deleteModule: build.mutation<DeleteModuleApiResponse, DeleteModuleApiArg>({
        query: (queryArg) => ({ url: `/api/modules/${queryArg.moduleId}`, method: 'DELETE' }),
        invalidatesTags: ['Module'],
      }),
      uploadVideo: build.mutation<UploadVideoApiResponse, UploadVideoApiArg>({
        query: (queryArg) => ({ url: `/api/videos`, method: 'POST', body: queryArg.videoUpload }),
        invalidatesTags: ['Video'],
      }),
      getVideo: build.query<GetVideoApiResponse, GetVideoApiArg>({
        query: (queryArg) => ({ url: `/api/videos/${queryArg.videoId}` }),
        providesTags: ['Video'],
      }),
      uploadCaptions: build.mutation<UploadCaptionsApiResponse, UploadCaptionsApiArg>({
        query: (queryArg) => ({
          url: `/api/videos/${queryArg.videoId}/captions`,
          method: 'PUT',
          body: queryArg.captionsUpload,
        }),
        invalidatesTags: ['Video'],
      }),
      deleteCaptions: build.mutation<DeleteCaptionsApiResponse, DeleteCaptionsApiArg>({
        query: (queryArg) => ({ url: `/api/videos/${queryArg.videoId}/captions`, method: 'DELETE' }),
        invalidatesTags: ['Video'],
      }),
      getMyProfile: build.query<GetMyProfileApiResponse, GetMyProfileApiArg>({
        query: () => ({ url: `/api/profile/me` }),
        providesTags: ['Profile'],
      }),
      updateMyProfile: build.mutation<UpdateMyProfileApiResponse, UpdateMyProfileApiArg>({
        query: (queryArg) => ({ url: `/api/profile/me`, method: 'PUT', body: queryArg.profileUpdate }),
        invalidatesTags: ['Profile'],
      }),
      changeMyPassword: build.mutation<ChangeMyPasswordApiResponse, ChangeMyPasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/profile/me/password`,
          method: 'PUT',
          body: queryArg.passwordChange,
        }),
        invalidatesTags: ['Profile'],
      }),
      changeMyEmail: build.mutation<ChangeMyEmailApiResponse, ChangeMyEmailApiArg>({
        query: (queryArg) => ({ url: `/api/profile/me/email`, method: 'POST', body: queryArg.emailChange }),
        invalidatesTags: ['Profile'],
      }),
      resendVerificationEmail: build.mutation<
        ResendVerificationEmailApiResponse,
        ResendVerificationEmailApiArg
      >({
        query: () => ({ url: `/api/profile/me/email/verification`, method: 'POST' }),
        invalidatesTags: ['Profile'],
      }),
      setReviewReminders: build.mutation<SetReviewRemindersApiResponse, SetReviewRemindersApiArg>({
        query: (queryArg) => ({
          url: `/api/profile/me/review-reminders`,
          method: 'PUT',
          body: queryArg.reviewReminders,
        }),
        invalidatesTags: ['Profile'],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/api/profile/${queryArg.id}` }),
        providesTags: ['Profile'],
      }),
      getUsers: build.query<GetUsersApiResponse, GetUsersApiArg>({
        query: (queryArg) => ({
          url: `/api/users`,
          params: {
            limit: queryArg.limit,
            cursor: queryArg.cursor,
          },
        }),
        providesTags: ['User'],
      }),
      updateUserRole: build.mutation<UpdateUserRoleApiResponse, UpdateUserRoleApiArg>({
        query: (queryArg) => ({
          url: `/api/user/${queryArg.id}/role`,
          method: 'PATCH',
          body: queryArg.roleChange,
        }),
        invalidatesTags: ['User'],
      }),
      setUserPassword: build.mutation<SetUserPasswordApiResponse, SetUserPasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/user/${queryArg.id}/password`,
          method: 'PUT',
          body: queryArg.passwordReset,
        }),
        invalidatesTags: ['User'],
      }),
      getUserRank: build.query<GetUserRankApiResponse, GetUserRankApiArg>({
        query: (queryArg) => ({ url: `/api/user/rank/${queryArg.userId}` }),
        providesTags: ['User'],
      }),
      getPlayerFollowers: build.query<GetPlayerFollowersApiResponse, GetPlayerFollowersApiArg>({
        query: (queryArg) => ({
          url: `/api/player/${queryArg.username}/followers`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
          params: {
            limit: queryArg.limit,
            cursor: queryArg.cursor,
            userId: queryArg.userId,
          },
        }),
        providesTags: ['Followers'],
      }),
      getPlayerComments: build.query<GetPlayerCommentsApiResponse, GetPlayerCommentsApiArg>({
        query: (queryArg) => ({
          url: `/api/comments/${queryArg.username}`,
          headers: {
            'If-None-Match': queryArg['If-None-Match'],
          },
          params: {
            limit: queryArg.limit,
            before: queryArg.before,
          },
        }),
        providesTags: ['Comments'],
      }),
      followPlayer: build.mutation<FollowPlayerApiResponse, FollowPlayerApiArg>({
        query: (queryArg) => ({ url: `/api/follow-player`, method: 'POST', body: queryArg.followInput }),
        invalidatesTags: ['Followers'],
      }),
      unfollowPlayer: build.mutation<UnfollowPlayerApiResponse, UnfollowPlayerApiArg>({
        query: (queryArg) => ({ url: `/api/unfollow-player/${queryArg.username}`, method: 'DELETE' }),
        invalidatesTags: ['Followers'],
      }),
      commentPlayer: build.mutation<CommentPlayerApiResponse, CommentPlayerApiArg>({
        query: (queryArg) => ({ url: `/api/comment-player`, method: 'POST', body: queryArg.commentInput }),
        invalidatesTags: ['Comments'],
      }),
      deleteComment: build.mutation<DeleteCommentApiResponse, DeleteCommentApiArg>({
        query: (queryArg) => ({ url: `/api/comment-player/${queryArg.commentId}`, method: 'DELETE' }),
        invalidatesTags: ['Comments'],
      }),
      getCart: build.query<GetCartApiResponse, GetCartApiArg>({
        query: () => ({ url: `/api/cart` }),
        providesTags: ['Cart'],
      }),
      addToCart: build.mutation<AddToCartApiResponse, AddToCartApiArg>({
        query: (queryArg) => ({ url: `/api/cart/items`, method: 'POST', body: queryArg.cartItemInput }),
        invalidatesTags: ['Cart'],
      }),
      removeFromCart: build.mutation<RemoveFromCartApiResponse, RemoveFromCartApiArg>({
        query: (queryArg) => ({ url: `/api/cart/items/${queryArg.courseId}`, method: 'DELETE' }),
        invalidatesTags: ['Cart'],
      }),
      checkout: build.mutation<CheckoutApiResponse, CheckoutApiArg>({
        query: (queryArg) => ({
          url: `/api/cart/checkout`,
          method: 'POST',
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Cart'],
      }),
      saveGame: build.mutation<SaveGameApiResponse, SaveGameApiArg>({
        query: (queryArg) => ({ url: `/api/games`, method: 'POST', body: queryArg.gameInput }),
        invalidatesTags: ['Games'],
      }),
      listMyGames: build.query<ListMyGamesApiResponse, ListMyGamesApiArg>({
        query: (queryArg) => ({
          url: `/api/games`,
          params: {
            limit: queryArg.limit,
            cursor: queryArg.cursor,
          },
        }),
        providesTags: ['Games'],
      }),
      getGame: build.query<GetGameApiResponse, GetGameApiArg>({
        query: (queryArg) => ({ url: `/api/games/${queryArg.gameId}` }),
        providesTags: ['Games'],
      }),
      deleteGame: build.mutation<DeleteGameApiResponse, DeleteGameApiArg>({
        query: (queryArg) => ({ url: `/api/games/${queryArg.gameId}`, method: 'DELETE' }),
        invalidatesTags: ['Games'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedApi }
export type GetHealthApiResponse = /** status 200 Healthy */ Health
export type GetHealthApiArg = void
export type RegisterApiResponse = /** status 201 Account created */ User
export type RegisterApiArg = {
  registerInput: RegisterInput
}
export type LoginApiResponse = /** status 200 Logged in */ LoginResponse
export type LoginApiArg = {
  loginInput: LoginInput
}
export type LogoutApiResponse = unknown
export type LogoutApiArg = void
export type LogoutEverywhereApiResponse = unknown
export type LogoutEverywhereApiArg = void
export type RequestPasswordResetApiResponse =
  /** status 202 Accepted; a mail goes out when an account uses the email */ MailNotice
export type RequestPasswordResetApiArg = {
  passwordResetRequest: PasswordResetRequest
}
export type ResetPasswordApiResponse = unknown
export type ResetPasswordApiArg = {
  passwordResetWithToken: PasswordResetWithToken
}
export type VerifyEmailApiResponse =
  /** status 200 The address is verified (and, for a new address, now the account's email) */ MailNotice
export type VerifyEmailApiArg = {
  mailToken: MailToken
}
export type UnsubscribeReviewRemindersApiResponse =
  /** status 200 Review reminders are off for the account */ ReviewReminders
export type UnsubscribeReviewRemindersApiArg = {
  user: Id
  sig: string
}
export type GetCoursesApiResponse =
  | /** status 200 Without parameters, every course, newest first; with any, one page of the catalogue */ Course[]
  | CoursePage
export type GetCoursesApiArg = {
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
  /** Search: a course matches when every word of `q` starts a word of its title or description, or when its instructor's username starts with `q` (both case-insensitive; 'sicil najd' finds 'Sicilian Najdorf') */
  q?: string
  /** Order of the pages: newest first (default), title A to Z, or price lowest first */
  sort?: CourseSort
  /** Only courses costing at least this */
  minPrice?: PriceBound
  /** Only courses costing at most this (`maxPrice=0` lists the free courses) */
  maxPrice?: PriceBound
  /** Page size (default 20) */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same `sort` only) */
  cursor?: CourseCursor
}
export type CreateCourseApiResponse = /** status 201 The new course */ Course
export type CreateCourseApiArg = {
  courseInput: CourseInput
}
export type GetDraftCoursesApiResponse = /** status 200 The caller's drafts, newest first */ Course[]
export type GetDraftCoursesApiArg = void
export type GetCourseApiResponse = /** status 200 The course */ Course
export type GetCourseApiArg = {
  courseId: Id
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
}
export type UpdateCourseApiResponse = /** status 200 The updated course */ Course
export type UpdateCourseApiArg = {
  courseId: Id
  coursePatch: CoursePatch
}
export type DeleteCourseApiResponse = unknown
export type DeleteCourseApiArg = {
  courseId: Id
}
export type GetEnrolledCoursesApiResponse = /** status 200 Enrolled courses */ Course[]
export type GetEnrolledCoursesApiArg = {
  userId: Id
}
export type GetEnrolledStudentsApiResponse =
  | /** status 200 Enrolled students; with `limit` or `cursor`, one page of them */ EnrolledStudent[]
  | EnrolledStudentPage
export type GetEnrolledStudentsApiArg = {
  courseId: Id
  /** Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
  cursor?: PageCursor
}
export type GetCourseCurriculumApiResponse =
  /** status 200 Module titles and descriptions in order */ CurriculumEntry[]
export type GetCourseCurriculumApiArg = {
  courseId: Id
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
}
export type ReorderModulesApiResponse = /** status 200 The modules in their new order */ Module[]
export type ReorderModulesApiArg = {
  courseId: Id
  moduleOrder: ModuleOrder
}
export type EnrollInCourseApiResponse =
  | /** status 200 Already enrolled */ Enrollment
  | /** status 201 Enrolled */ Enrollment
  | /** status 202 With Stripe as the payment provider: a pending order whose payment the buyer makes on Stripe's hosted page at `url`; the order becomes paid when Stripe's webhook says so (the cart page follows it) */ CheckoutRedirect
export type EnrollInCourseApiArg = {
  courseId: Id
  /** Chosen by the client per purchase attempt; a retry with the same key never charges twice and answers the same order */
  'Idempotency-Key'?: IdempotencyKey
}
export type GetCourseProgressApiResponse = /** status 200 One row per enrolled student */ StudentProgress[]
export type GetCourseProgressApiArg = {
  courseId: Id
}
export type GetMyProgressApiResponse = /** status 200 One entry per course */ CourseProgress[]
export type GetMyProgressApiArg = void
export type SaveModuleProgressApiResponse = /** status 200 The module's progress as saved */ ModuleProgress
export type SaveModuleProgressApiArg = {
  moduleId: Id
  progressInput: ProgressInput
}
export type SetModuleCompletionApiResponse = /** status 200 The module's progress as saved */ ModuleProgress
export type SetModuleCompletionApiArg = {
  moduleId: Id
  completionInput: CompletionInput
}
export type RecordLinePracticeApiResponse = /** status 200 The line's review as scheduled now */ LineReview
export type RecordLinePracticeApiArg = {
  moduleId: Id
  linePracticeInput: LinePracticeInput
}
export type GetDueReviewsApiResponse = /** status 200 The due lines */ ReviewQueue
export type GetDueReviewsApiArg = void
export type GetReviewSummaryApiResponse = /** status 200 The count */ ReviewSummary
export type GetReviewSummaryApiArg = void
export type GetReviewForecastApiResponse = /** status 200 Seven days, today first */ ReviewForecast
export type GetReviewForecastApiArg = {
  /** The caller's offset from UTC in minutes, east positive (Paris in winter: 60); 0 when absent */
  tzOffset?: number
}
export type GetDifficultMovesApiResponse = /** status 200 The moves */ DifficultMoves
export type GetDifficultMovesApiArg = void
export type CreateModuleApiResponse = /** status 201 The created module */ Module
export type CreateModuleApiArg = {
  moduleInput: ModuleInput
}
export type GetModulesByCourseApiResponse = /** status 200 Modules in order */ Module[]
export type GetModulesByCourseApiArg = {
  courseId: Id
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
}
export type UpdateModuleApiResponse = /** status 200 The updated module */ Module
export type UpdateModuleApiArg = {
  moduleId: Id
  modulePatch: ModulePatch
}
export type DeleteModuleApiResponse = unknown
export type DeleteModuleApiArg = {
  moduleId: Id
}
export type UploadVideoApiResponse = /** status 201 The stored video */ Video
export type UploadVideoApiArg = {
  videoUpload: VideoUpload
}
export type GetVideoApiResponse = /** status 200 The video record */ Video
export type GetVideoApiArg = {
  videoId: Id
}
export type UploadCaptionsApiResponse = /** status 200 The video, with its captions' signed URL */ Video
export type UploadCaptionsApiArg = {
  videoId: Id
  captionsUpload: CaptionsUpload
}
export type DeleteCaptionsApiResponse = unknown
export type DeleteCaptionsApiArg = {
  videoId: Id
}
export type GetMyProfileApiResponse = /** status 200 Own profile */ Profile
export type GetMyProfileApiArg = void
export type UpdateMyProfileApiResponse =
  /** status 200 The saved bio, phone number and course visibility */ ProfileUpdate
export type UpdateMyProfileApiArg = {
  profileUpdate: ProfileUpdate
}
export type ChangeMyPasswordApiResponse = unknown
export type ChangeMyPasswordApiArg = {
  passwordChange: PasswordChange
}
export type ChangeMyEmailApiResponse = /** status 202 A link went to the new address */ MailNotice
export type ChangeMyEmailApiArg = {
  emailChange: EmailChange
}
export type ResendVerificationEmailApiResponse =
  /** status 202 A link went to the account's email (nothing is sent when it is verified already) */ MailNotice
export type ResendVerificationEmailApiArg = void
export type SetReviewRemindersApiResponse = /** status 200 The saved setting */ ReviewReminders
export type SetReviewRemindersApiArg = {
  reviewReminders: ReviewReminders
}
export type GetProfileApiResponse = /** status 200 Public profile */ PublicProfile
export type GetProfileApiArg = {
  id: Id
}
export type GetUsersApiResponse =
  /** status 200 Users, oldest first; with `limit` or `cursor`, one page of them */ UserSummary[] | UserPage
export type GetUsersApiArg = {
  /** Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
  cursor?: PageCursor
}
export type UpdateUserRoleApiResponse = /** status 200 The user with the new role */ UserSummary
export type UpdateUserRoleApiArg = {
  id: Id
  roleChange: RoleChange
}
export type SetUserPasswordApiResponse = unknown
export type SetUserPasswordApiArg = {
  id: Id
  passwordReset: PasswordReset
}
export type GetUserRankApiResponse = /** status 200 Rank */ Rank
export type GetUserRankApiArg = {
  userId: Id
}
export type GetPlayerFollowersApiResponse =
  | /** status 200 Followers, oldest first; with `limit`, `cursor` or `userId`, one page of them */ Follower[]
  | FollowerPage
export type GetPlayerFollowersApiArg = {
  /** A chess.com username, compared case-insensitively */
  username: PlayerUsername
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
  /** Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
  cursor?: PageCursor
  /** Only this user's follow record (an empty page when they do not follow the player) */
  userId?: Id
}
export type GetPlayerCommentsApiResponse =
  /** status 200 Comments, newest first; fewer than `limit` means the last page */ Comment[]
export type GetPlayerCommentsApiArg = {
  /** A chess.com username, compared case-insensitively */
  username: PlayerUsername
  /** ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
  'If-None-Match'?: string
  /** Page size (default 20) */
  limit?: number
  /** Cursor: the page after this comment, written as its `createdAt` and `_id` joined by `_` (the last comment of the previous page) */
  before?: CommentCursor
}
export type FollowPlayerApiResponse =
  /** status 200 Already following */ Follower | /** status 201 Now following */ Follower
export type FollowPlayerApiArg = {
  followInput: FollowInput
}
export type UnfollowPlayerApiResponse = unknown
export type UnfollowPlayerApiArg = {
  /** A chess.com username, compared case-insensitively */
  username: PlayerUsername
}
export type CommentPlayerApiResponse = /** status 201 The stored comment */ Comment
export type CommentPlayerApiArg = {
  commentInput: CommentInput
}
export type DeleteCommentApiResponse = unknown
export type DeleteCommentApiArg = {
  commentId: Id
}
export type GetCartApiResponse = /** status 200 The cart */ Cart
export type GetCartApiArg = void
export type AddToCartApiResponse = /** status 200 The cart */ Cart
export type AddToCartApiArg = {
  cartItemInput: CartItemInput
}
export type RemoveFromCartApiResponse = /** status 200 The cart */ Cart
export type RemoveFromCartApiArg = {
  courseId: Id
}
export type CheckoutApiResponse =
  | /** status 201 The recorded order */ Order
  | /** status 202 With Stripe as the payment provider: a pending order whose payment the buyer makes on Stripe's hosted page at `url`; the order becomes paid when Stripe's webhook says so (the cart page follows it) */ CheckoutRedirect
export type CheckoutApiArg = {
  /** Chosen by the client per purchase attempt; a retry with the same key never charges twice and answers the same order */
  'Idempotency-Key'?: IdempotencyKey
}
export type SaveGameApiResponse =
  /** status 200 Already kept under this key */ Game | /** status 201 Kept */ Game
export type SaveGameApiArg = {
  gameInput: GameInput
}
export type ListMyGamesApiResponse = /** status 200 One page of the caller's games, newest first */ GamePage
export type ListMyGamesApiArg = {
  /** Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
  cursor?: PageCursor
}
export type GetGameApiResponse = /** status 200 The game */ Game
export type GetGameApiArg = {
  gameId: Id
}
export type DeleteGameApiResponse = unknown
export type DeleteGameApiArg = {
  gameId: Id
}
export type Health = {
  status: 'ok'
  database: 'pglite' | 'postgres'
  /** Embedded PGlite only: how many times its thread was started again since the server started, after it stopped or stopped answering (while that happens, this endpoint answers 503 saying so). */
  databaseRestarts?: number
  /** Embedded PGlite only, once it was started again: when it last answered again. */
  databaseRestartedAt?: string
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type Id = string
export type Role = 'student' | 'instructor' | 'admin'
export type User = {
  _id: Id
  username: string
  email: string
  phoneNumber: string
  role: Role
  bio: string
  purchasedCourses: Id[]
}
export type RegisterInput = {
  username: string
  email: string
  password: string
  phoneNumber?: string
  /** Ignored; every registration creates a student */
  role?: Role
}
export type LoginResponse = {
  token: string
  result: User
}
export type LoginInput = {
  email: string
  password: string
}
export type MailNotice = {
  message: string
}
export type PasswordResetRequest = {
  email: string
}
export type Password = string
export type PasswordResetWithToken = {
  token: string
  newPassword: Password
}
export type MailToken = {
  token: string
}
export type ReviewReminders = {
  /** 'Email me when lines are due for review': at most one mail a day, only when lines are due */
  enabled: boolean
}
export type CourseLevel = 'Beginner' | 'Intermediate' | 'Advanced'
export type CourseRating = {
  average: number
  count: number
}
export type Course = {
  _id: Id
  title: string
  /** The title, kept equal to it (the modules page reads name) */
  name: string
  description: string
  price: number
  /** The course's instructor; null once that account is gone */
  instructor: {
    _id: Id
    username: string
  } | null
  createdAt: string
  /** False for a draft: seen only by its instructor, admins and the students enrolled before it was unpublished; absent from the course list, the catalogue and its search */
  published: boolean
  /** The level the course is for; null until its instructor sets it */
  level: CourseLevel | null
  /** 'What you'll learn': the course's points in its instructor's order (none until set) */
  learningPoints: string[]
  rating?: CourseRating
}
export type CoursePage = {
  items: Course[]
  /** The `cursor` of the next page; null on the last page */
  nextCursor: string | null
}
export type CourseSort = 'newest' | 'title' | 'price'
export type PriceBound = number
export type CourseCursor = string
export type LearningPoints = string[]
export type CourseInput = {
  title: string
  description: string
  price: number
  /** False creates a draft; absent, the course is published at once */
  published?: boolean
  /** Absent or null leaves the level unset */
  level?: CourseLevel | null
  learningPoints?: LearningPoints
}
export type CoursePatch = {
  title?: string
  description?: string
  price?: number
  /** True publishes a draft; false makes the course a draft again (its enrolled students keep it) */
  published?: boolean
  /** Null unsets the level */
  level?: CourseLevel | null
  /** Replaces the points whole; an empty list removes them */
  learningPoints?: LearningPoints
}
export type EnrolledStudent = {
  _id: Id
  username: string
}
export type NextCursor = string | null
export type EnrolledStudentPage = {
  items: EnrolledStudent[]
  nextCursor: NextCursor
}
export type PageCursor = string
export type CurriculumEntry = {
  _id: Id
  title: string
  description: string
  position: number
  /** Whether the module carries a line to practise on a board (the line itself stays behind getModulesByCourse) */
  hasLine: boolean
  /** How many puzzles the module's puzzle set holds (0 without a set; the set stays behind getModulesByCourse) */
  puzzleCount: number
  /** Whether the module is a free preview, which everyone may open (getPreviewModule) */
  freePreview: boolean
  /** The length of the module's video where known: the median of what learners' players measured; absent while no player has reported it */
  durationSeconds?: number
}
export type ModuleLine = {
  /** Moves in PGN (comments, variations, a start position through the SetUp and FEN tags), at most 64 KB of UTF-8 and 1,500 moves */
  pgn: string
  /** The side the student plays when practising */
  side: 'white' | 'black'
}
export type SetPuzzle = {
  /** The position the student solves from (the side to move is the solver), as FEN */
  fen: string
  /** The solution in UCI from the solver's first move: the solver's moves and the opponent's replies in turn, ending with the solver's */
  moves: string[]
}
export type Module = {
  _id: Id
  title: string
  description: string
  /** Null for a module that is a line or a puzzle set alone (no video) */
  videoUrl: string | null
  videoId: string | null
  courseId: Id
  position: number
  /** The module's line (moves to step through and practise); null when it has none */
  line: ModuleLine | null
  /** The module's puzzle set, solved in order; null when it has none */
  puzzles: SetPuzzle[] | null
  /** The caller's own result of each puzzle of the set, in the set's order (true solved, false failed, null not tried yet); null when the module has no puzzle set */
  puzzleResults: (boolean | null)[] | null
  /** 'Free preview': while the course is published everyone, visitors included, may watch or play the module (getPreviewModule); the others stay for those who may read the course's modules */
  freePreview: boolean
}
export type ModuleOrder = {
  /** Every module of the course, each once, in the new order */
  moduleIds: Id[]
}
export type Enrollment = {
  courseId: Id
  studentId: Id
  enrolledAt: string
}
export type CheckoutRedirect = {
  orderId: Id
  /** The provider's hosted payment page */
  url: string
}
export type IdempotencyKey = string
export type UserRef = {
  _id: Id
  username: string
}
export type StudentProgress = {
  student: UserRef
  completedModules: number
  totalModules: number
  /** The puzzles of the course's puzzle sets the student solved (their first result) */
  puzzlesSolved: number
  /** The puzzles of the course's puzzle sets the student has a result of, solved or not */
  puzzlesTried: number
  /** The puzzles of the course's puzzle sets now (0 when the course has none) */
  puzzlesTotal: number
  /** The last saved position or completion in this course; null before the first */
  lastActivityAt: string | null
}
export type ModuleProgress = {
  moduleId: Id
  courseId: Id
  positionSeconds: number
  /** Unknown (null) until a player has reported it */
  durationSeconds: number | null
  completed: boolean
  updatedAt: string
}
export type CourseProgress = {
  courseId: Id
  completedModules: number
  /** The course's modules now (a new module lowers the percent) */
  totalModules: number
  /** completedModules of totalModules, rounded down, 0 to 100 */
  percent: number
  /** The first module in course order that is not completed; null when none is left */
  nextModuleId: string | null
  lastActivityAt: string | null
  /** The modules with saved progress, in course order */
  modules: ModuleProgress[]
}
export type ProgressInput = {
  /** Where the video is, in seconds; at most 5 s past durationSeconds */
  positionSeconds: number
  /** The video's length in seconds, as the player reports it (at most 24 hours) */
  durationSeconds: number
}
export type CompletionInput = {
  completed: boolean
}
export type VariationKey = string
export type ReviewGrade = 'good' | 'hard' | 'again'
export type LineReview = {
  moduleId: Id
  courseId: Id
  variation: VariationKey
  grade: ReviewGrade
  /** When the variation is next due for review */
  due: string
  /** Practices recorded for this variation */
  reps: number
  lastReviewedAt: string
}
export type LinePracticeInput = {
  /** The student's moves of the variation not played right at the first try (at most the student's moves in it) */
  mistakes: number
  variation?: VariationKey
  /** Which moves those were: their indexes in the variation's moves from the start (0 is its first move), each a move the student plays, as many as `mistakes`. Counted for 'Difficult moves'; without it the practice is scheduled and no move is counted */
  missed?: number[]
}
export type DueLine = {
  moduleId: Id
  courseId: Id
  moduleTitle: string
  courseTitle: string
  line: ModuleLine
  variation: VariationKey
  due: string
}
export type ReviewQueue = {
  due: DueLine[]
  /** The earliest review not yet due; null when none is scheduled */
  nextDueAt: string | null
}
export type ReviewSummary = {
  /** Reviews due now (one per variation of a line); those scheduled later are not counted */
  dueCount: number
  /** The earliest review not yet due; null when none is scheduled */
  nextDueAt: string | null
}
export type ReviewForecast = {
  days: {
    /** The day in the caller's time zone */
    date: string
    /** Reviews due that day (today's count holds those due already) */
    count: number
  }[]
}
export type DifficultMove = {
  moduleId: Id
  courseId: Id
  moduleTitle: string
  /** The position before the move, where the learner had to find it */
  fen: string
  /** The move */
  san: string
  moveNumber: number
  /** Who plays the move */
  side: 'white' | 'black'
  /** Practices and reviews in which the move was missed */
  misses: number
  lastMissedAt: string
}
export type DifficultMoves = {
  moves: DifficultMove[]
}
export type VideoUrl = string
export type PuzzleSetInput = SetPuzzle[] | null
export type ModuleInput = {
  title: string
  description: string
  /** Required unless the module has a line or a puzzle set; absent or null makes a module that is a line or a puzzle set alone */
  videoUrl?: VideoUrl | null
  courseId: Id
  videoId?: string | null
  /** The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
  line?: ModuleLine | null
  /** 'Free preview': everyone may watch or play the module while the course is published */
  freePreview?: boolean
  puzzles?: PuzzleSetInput
}
export type ModulePatch = {
  title?: string
  description?: string
  /** Null removes the video, which only a module with a line or a puzzle set may lose */
  videoUrl?: VideoUrl | null
  videoId?: string | null
  /** The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
  line?: ModuleLine | null
  /** 'Free preview': everyone may watch or play the module while the course is published */
  freePreview?: boolean
  puzzles?: PuzzleSetInput
}
export type Video = {
  _id: Id
  courseId: Id
  /** A short-lived signed URL that streams the file (range requests work): on this server, or with object storage (MEDIA_STORAGE=s3) a presigned URL of the storage itself, valid as long (MEDIA_URL_TTL) */
  filePath: string
  mimeType: string
  size: number
  originalName: string
  /** A short-lived signed URL of the video's WebVTT captions; absent when it has none */
  captionsUrl?: string
  /** A short-lived signed URL of the video's poster frame (JPEG, at 10 % of its length); absent until the server has taken it (in the background, where ffmpeg is installed) */
  posterUrl?: string
  /** The video's length in seconds, as ffprobe reads it; absent until the server has taken it */
  durationSeconds?: number
}
export type VideoUpload = {
  courseId: Id
  /** A video file (MP4, WebM or Ogg) */
  file: Blob
}
export type CaptionsUpload = {
  /** A WebVTT file (UTF-8, at most 512 KB) */
  file: Blob
}
export type ShowCoursesOnProfile = boolean
export type Profile = {
  _id: Id
  username: string
  email: string
  role: Role
  bio: string
  phoneNumber: string
  /** Teaching courses for an instructor, purchased (enrolled) courses otherwise */
  courses: Course[]
  showCoursesOnProfile: ShowCoursesOnProfile
  /** Whether the account's email was verified through a mailed link */
  emailVerified?: boolean
  /** A new address asked for and not yet verified (it replaces the email once its link is followed) */
  pendingEmail?: string
  /** 'Email me when lines are due for review' (off by default) */
  reviewReminders?: boolean
}
export type ProfileUpdate = {
  bio: string
  phoneNumber: string
  showCoursesOnProfile?: ShowCoursesOnProfile
}
export type PasswordChange = {
  currentPassword: string
  newPassword: Password
}
export type EmailChange = {
  newEmail: string
  currentPassword: string
}
export type PublicProfile = {
  _id: Id
  username: string
  role: Role
  bio: string
  phoneNumber?: string
  courses?: Course[]
}
export type UserSummary = {
  _id: Id
  username: string
  role: Role
  /** Whether the user's email was verified (for admins) */
  emailVerified?: boolean
}
export type UserPage = {
  items: UserSummary[]
  nextCursor: NextCursor
}
export type RoleChange = {
  newRole: Role
}
export type PasswordReset = {
  newPassword: Password
}
export type Rank = {
  rank: number
}
export type Follower = {
  _id: Id
  user: UserRef
}
export type FollowerPage = {
  items: Follower[]
  nextCursor: NextCursor
}
export type PlayerUsername = string
export type Comment = {
  _id: Id
  user: UserRef
  comment: string
  createdAt: string
}
export type CommentCursor = string
export type FollowInput = {
  chessPlayerUsername: PlayerUsername
}
export type CommentInput = {
  chessPlayerUsername: PlayerUsername
  comment: string
}
export type Cart = {
  items: Course[]
  /** Sum of the items' prices */
  total: number
}
export type CartItemInput = {
  courseId: Id
}
export type Order = {
  _id: Id
  courseIds: Id[]
  total: number
  createdAt: string
}
export type GameResult = '1-0' | '0-1' | '1/2-1/2'
export type GameOpponent = 'random' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'
export type Game = {
  _id: Id
  result: GameResult
  opponentLevel: GameOpponent
  colour: 'white' | 'black'
  /** Moves (plies) of the game */
  moves: number
  /** When the game was kept (as it ended) */
  playedAt: string
  pgn: string
}
export type GameInput = {
  /** Chosen by the client once per finished game, so a retried save keeps one game */
  key: string
  /** The game in PGN, at most 20 KB of UTF-8 and 600 moves (plies, variations included; more is 400 before any move is read); read move by move (a PGN that does not read, or holds an illegal move, is 400 naming it) and it must be over: mate, or a draw by the rules */
  pgn: string
  result: GameResult
  opponentLevel: GameOpponent
  /** The side the player played */
  colour: 'white' | 'black'
}
export type GameSummary = {
  _id: Id
  result: GameResult
  opponentLevel: GameOpponent
  colour: 'white' | 'black'
  /** Moves (plies) of the game */
  moves: number
  /** When the game was kept (as it ended) */
  playedAt: string
}
export type GamePage = {
  items: GameSummary[]
  nextCursor: NextCursor
}
