// In-memory fake of our API's data, reset before every test. Seed it with the helpers below.
import type { Comment, Course, Follower, Module, Role, Video } from '@/api/generated/api'

export type FakeUser = {
  _id: string
  username: string
  email: string
  password: string
  role: Role
  bio: string
  phoneNumber: string
  createdAt: number
}

export type FakeDb = {
  users: FakeUser[]
  courses: Course[]
  modules: Module[]
  videos: Video[]
  enrollments: { courseId: string; studentId: string; enrolledAt: string }[]
  carts: Map<string, string[]>
  followers: (Follower & { player: string })[]
  comments: (Comment & { player: string })[]
  orders: { _id: string; userId: string; courseIds: string[]; total: number; createdAt: string }[]
}

export const db: FakeDb = emptyDb()

function emptyDb(): FakeDb {
  return {
    users: [],
    courses: [],
    modules: [],
    videos: [],
    enrollments: [],
    carts: new Map(),
    followers: [],
    comments: [],
    orders: [],
  }
}

let counter = 0
/** A uuid-shaped id, deterministic within a test. */
export function newId(): string {
  counter += 1
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`
}

export function resetDb(): void {
  Object.assign(db, emptyDb())
  counter = 0
}

export const tokenFor = (user: Pick<FakeUser, '_id'>) => `token-${user._id}`

export function userForToken(authorization: string | null): FakeUser | undefined {
  const token = authorization?.replace(/^Bearer /, '')
  return db.users.find((u) => tokenFor(u) === token)
}

export function seedUser(input: Partial<FakeUser> & { username: string }): FakeUser & { token: string } {
  const user: FakeUser = {
    _id: newId(),
    email: `${input.username.toLowerCase()}@example.com`,
    password: 'password123',
    role: 'student',
    bio: '',
    phoneNumber: '',
    createdAt: db.users.length,
    ...input,
  }
  db.users.push(user)
  return { ...user, token: tokenFor(user) }
}

export function seedCourse(
  input: Partial<Omit<Course, 'instructor'>> & { title: string; instructor?: FakeUser | null },
): Course {
  const { instructor, ...rest } = input
  const course: Course = {
    _id: newId(),
    description: `About ${input.title}`,
    price: 10,
    createdAt: new Date(2024, 0, db.courses.length + 1).toISOString(),
    ...rest,
    name: input.title,
    instructor: instructor ? { _id: instructor._id, username: instructor.username } : null,
  }
  db.courses.push(course)
  return course
}

export function seedModule(input: Partial<Module> & { title: string; courseId: string }): Module {
  const mod: Module = {
    _id: newId(),
    description: `Lesson ${input.title}`,
    videoUrl: 'https://videos.example.com/lesson.mp4',
    videoId: null,
    position: db.modules.filter((m) => m.courseId === input.courseId).length,
    ...input,
  }
  db.modules.push(mod)
  return mod
}

export function seedVideo(courseId: string, filePath = '/api/media/signed.mp4'): Video {
  const video: Video = {
    _id: newId(),
    courseId,
    filePath,
    mimeType: 'video/mp4',
    size: 1024,
    originalName: 'lesson.mp4',
  }
  db.videos.push(video)
  return video
}

export function seedEnrollment(courseId: string, studentId: string): void {
  db.enrollments.push({ courseId, studentId, enrolledAt: new Date().toISOString() })
}

export function seedCart(userId: string, courseIds: string[]): void {
  db.carts.set(userId, [...courseIds])
}

export function seedFollower(player: string, user: FakeUser): void {
  db.followers.push({
    _id: newId(),
    player: player.toLowerCase(),
    user: { _id: user._id, username: user.username },
  })
}

export function seedComment(player: string, user: FakeUser, comment: string): void {
  db.comments.push({
    _id: newId(),
    player: player.toLowerCase(),
    user: { _id: user._id, username: user.username },
    comment,
    createdAt: new Date().toISOString(),
  })
}

/** The auth slice state of a seeded user, for preloadedState. */
export function sessionOf(user: FakeUser & { token?: string }) {
  return {
    token: user.token ?? tokenFor(user),
    user: { _id: user._id, role: user.role, username: user.username },
  }
}
