import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Course, Role } from '@/api/generated/api'
import { CourseProgress } from '@/features/progress/CourseProgress'
import { ProfileEditForm } from '@/features/profile/ProfileEditForm'

export type ProfileData = {
  username: string
  role: Role
  bio: string
  /** Absent on someone else's profile for a visitor: the server shows it to signed-in users only. */
  phoneNumber?: string
  email?: string
  /**
   * Absent when the reader may not see them: a student's purchases go to signed-in readers only, and only while
   * the owner shows them (an instructor's teaching courses are public).
   */
  courses?: Course[]
  /** The owner's 'Show my courses on my profile' (on the own profile only). */
  showCoursesOnProfile?: boolean
}

/** A profile in view mode, or edit mode for its owner. */
export function ProfileView({ profile, isOwner }: { profile: ProfileData; isOwner: boolean }) {
  const [editing, setEditing] = useState(false)
  const teaching = profile.role === 'instructor'
  return (
    <article className="card profile">
      <h1>{profile.username}</h1>
      {editing ? (
        <ProfileEditForm
          bio={profile.bio}
          phoneNumber={profile.phoneNumber ?? ''}
          showCourses={teaching ? undefined : profile.showCoursesOnProfile}
          onDone={() => setEditing(false)}
        />
      ) : (
        <dl className="profile__fields">
          <dt>Bio</dt>
          <dd>{profile.bio || 'N/A'}</dd>
          {profile.phoneNumber !== undefined && (
            <>
              <dt>Phone Number</dt>
              <dd>{profile.phoneNumber || 'N/A'}</dd>
            </>
          )}
          {isOwner && profile.email !== undefined && (
            <>
              <dt>Email</dt>
              <dd>{profile.email}</dd>
            </>
          )}
        </dl>
      )}
      {isOwner && !editing && (
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit Profile
        </button>
      )}
      {/* A list the reader may not see is left out whole: 'No purchased courses.' would be false. */}
      {profile.courses && (
        <ProfileCourses courses={profile.courses} teaching={teaching} withProgress={isOwner && !teaching} />
      )}
      {isOwner && !teaching && profile.showCoursesOnProfile === false && (
        <p className="muted">Only you and admins can see your courses.</p>
      )}
    </article>
  )
}

function ProfileCourses(props: { courses: Course[]; teaching: boolean; withProgress: boolean }) {
  const navigate = useNavigate()
  return (
    <>
      <h2>{props.teaching ? 'Teaching Courses' : 'Purchased Courses'}</h2>
      {props.courses.length === 0 ? (
        <p className="muted">No purchased courses.</p>
      ) : (
        <ul className="course-buttons">
          {props.courses.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                className="btn"
                onClick={() => void navigate(`/courses/${c._id}/modules`)}
              >
                {c.title}
              </button>
              {props.withProgress && <CourseProgress courseId={c._id} />}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
