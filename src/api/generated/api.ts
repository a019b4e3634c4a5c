import { baseApi as api } from '../baseApi'
export const addTagTypes = [
  'Health',
  'Auth',
  'Course',
  'Enrollment',
  'Module',
  'Progress',
  'Review',
  'Video',
  'Profile',
  'User',
  'Followers',
  'Comments',
  'Cart',
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
export type EnrollInCourseApiResponse =
  /** status 200 Already enrolled */ Enrollment | /** status 201 Enrolled */ Enrollment
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
export type CheckoutApiResponse = /** status 201 The recorded order */ Order
export type CheckoutApiArg = {
  /** Chosen by the client per purchase attempt; a retry with the same key never charges twice and answers the same order */
  'Idempotency-Key'?: IdempotencyKey
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
}
export type CoursePage = {
  items: Course[]
  /** The `cursor` of the next page; null on the last page */
  nextCursor: string | null
}
export type CourseSort = 'newest' | 'title' | 'price'
export type PriceBound = number
export type CourseCursor = string
export type CourseInput = {
  title: string
  description: string
  price: number
}
export type CoursePatch = {
  title?: string
  description?: string
  price?: number
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
  /** The length of the module's video where known: the median of what learners' players measured; absent while no player has reported it */
  durationSeconds?: number
}
export type Enrollment = {
  courseId: Id
  studentId: Id
  enrolledAt: string
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
export type ReviewGrade = 'good' | 'hard' | 'again'
export type LineReview = {
  moduleId: Id
  courseId: Id
  grade: ReviewGrade
  /** When the line is next due for review */
  due: string
  /** Practices recorded for this line */
  reps: number
  lastReviewedAt: string
}
export type LinePracticeInput = {
  /** The student's moves of the main line not played right at the first try (at most the student's moves in the line) */
  mistakes: number
}
export type ModuleLine = {
  /** Moves in PGN (comments, variations, a start position through the SetUp and FEN tags), at most 64 KB of UTF-8 and 1,500 moves */
  pgn: string
  /** The side the student plays when practising */
  side: 'white' | 'black'
}
export type DueLine = {
  moduleId: Id
  courseId: Id
  moduleTitle: string
  courseTitle: string
  line: ModuleLine
  due: string
}
export type ReviewQueue = {
  due: DueLine[]
  /** The earliest review not yet due; null when none is scheduled */
  nextDueAt: string | null
}
export type ReviewSummary = {
  dueCount: number
  /** The earliest review not yet due; null when none is scheduled */
  nextDueAt: string | null
}
export type Module = {
  _id: Id
  title: string
  description: string
  videoUrl: string
  videoId: string | null
  courseId: Id
  position: number
  /** The module's line (moves to step through and practise); null when it has none */
  line: ModuleLine | null
}
export type VideoUrl = string
export type ModuleInput = {
  title: string
  description: string
  videoUrl: VideoUrl
  courseId: Id
  videoId?: string | null
  /** The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
  line?: ModuleLine | null
}
export type ModulePatch = {
  title?: string
  description?: string
  videoUrl?: VideoUrl
  videoId?: string | null
  /** The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
  line?: ModuleLine | null
}
export type Video = {
  _id: Id
  courseId: Id
  /** A short-lived signed URL on this server that streams the file */
  filePath: string
  mimeType: string
  size: number
  originalName: string
}
export type VideoUpload = {
  courseId: Id
  /** A video file (MP4, WebM or Ogg) */
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
}
export type ProfileUpdate = {
  bio: string
  phoneNumber: string
  showCoursesOnProfile?: ShowCoursesOnProfile
}
export type Password = string
export type PasswordChange = {
  currentPassword: string
  newPassword: Password
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
export const {
  useGetHealthQuery,
  useLazyGetHealthQuery,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useLogoutEverywhereMutation,
  useGetCoursesQuery,
  useLazyGetCoursesQuery,
  useCreateCourseMutation,
  useGetCourseQuery,
  useLazyGetCourseQuery,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useGetEnrolledCoursesQuery,
  useLazyGetEnrolledCoursesQuery,
  useGetEnrolledStudentsQuery,
  useLazyGetEnrolledStudentsQuery,
  useGetCourseCurriculumQuery,
  useLazyGetCourseCurriculumQuery,
  useEnrollInCourseMutation,
  useGetCourseProgressQuery,
  useLazyGetCourseProgressQuery,
  useGetMyProgressQuery,
  useLazyGetMyProgressQuery,
  useSaveModuleProgressMutation,
  useSetModuleCompletionMutation,
  useRecordLinePracticeMutation,
  useGetDueReviewsQuery,
  useLazyGetDueReviewsQuery,
  useGetReviewSummaryQuery,
  useLazyGetReviewSummaryQuery,
  useCreateModuleMutation,
  useGetModulesByCourseQuery,
  useLazyGetModulesByCourseQuery,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useUploadVideoMutation,
  useGetVideoQuery,
  useLazyGetVideoQuery,
  useGetMyProfileQuery,
  useLazyGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useChangeMyPasswordMutation,
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useGetUsersQuery,
  useLazyGetUsersQuery,
  useUpdateUserRoleMutation,
  useSetUserPasswordMutation,
  useGetUserRankQuery,
  useLazyGetUserRankQuery,
  useGetPlayerFollowersQuery,
  useLazyGetPlayerFollowersQuery,
  useGetPlayerCommentsQuery,
  useLazyGetPlayerCommentsQuery,
  useFollowPlayerMutation,
  useUnfollowPlayerMutation,
  useCommentPlayerMutation,
  useDeleteCommentMutation,
  useGetCartQuery,
  useLazyGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useCheckoutMutation,
} = injectedRtkApi
