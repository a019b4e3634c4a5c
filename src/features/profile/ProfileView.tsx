import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Course, Role } from '@/api/generated/api'
import { CourseProgress } from '@/components/CourseProgress'
import { ProfileEditForm } from '@/features/profile/ProfileEditForm'

export type ProfileData = {
  username: string
  role: Role
  bio: string
  /** Absent on someone else's profile for a visitor: the server shows it to signed-in users only. */
  phoneNumber?: string
  email?: string
  courses: Course[]
}

/** A profile in view mode, or edit mode for its owner. */
export function ProfileView({ profile, isOwner }: { profile: ProfileData; isOwner: boolean }) {
  const [editing, setEditing] = useState(false)
  const navigate = useNavigate()
  const teaching = profile.role === 'instructor'
  return (
    <article className="card profile">
      <h1>{profile.username}</h1>
      {editing ? (
        <ProfileEditForm
          bio={profile.bio}
          phoneNumber={profile.phoneNumber ?? ''}
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
      <h2>{teaching ? 'Teaching Courses' : 'Purchased Courses'}</h2>
      {profile.courses.length === 0 ? (
        <p className="muted">No purchased courses.</p>
      ) : (
        <ul className="course-buttons">
          {profile.courses.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                className="btn"
                onClick={() => void navigate(`/courses/${c._id}/modules`)}
              >
                {c.title}
              </button>
              {isOwner && !teaching && <CourseProgress courseId={c._id} />}
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
