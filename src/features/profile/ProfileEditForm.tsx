import { useId, useState } from 'react'
import type { ReadableProblem } from '@/api/problemText'
import { useUpdateMyProfileMutation } from '@/features/profile/profileEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { updateFailure } from '@/features/profile/errorMessage'

type Props = {
  bio: string
  phoneNumber: string
  /** The owner's 'Show my courses on my profile'; absent where it changes nothing (an instructor's profile). */
  showCourses?: boolean
  onDone: () => void
}

export function ProfileEditForm({
  bio: initialBio,
  phoneNumber: initialPhone,
  showCourses: initialShowCourses,
  onDone,
}: Props) {
  const [bio, setBio] = useState(initialBio)
  const [phoneNumber, setPhoneNumber] = useState(initialPhone)
  const [showCourses, setShowCourses] = useState(initialShowCourses)
  const [update, { isLoading }] = useUpdateMyProfileMutation()
  const [failure, setFailure] = useState<ReadableProblem | null>(null)
  const bioErrorId = useId()
  const bioError = failure?.field === 'bio' ? failure.text : undefined

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    try {
      const visibility = showCourses === undefined ? {} : { showCoursesOnProfile: showCourses }
      await update({ profileUpdate: { bio, phoneNumber, ...visibility } }).unwrap()
      onDone()
    } catch (error) {
      // What was typed stays; the sentence goes next to the field it is about.
      setFailure(updateFailure(error))
    }
  }

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} aria-label="Edit profile">
      <label className="field">
        <span>Bio</span>
        <textarea
          name="bio"
          rows={4}
          value={bio}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={bioError ? bioErrorId : undefined}
          onChange={(e) => setBio(e.target.value)}
        />
      </label>
      {bioError && (
        <small id={bioErrorId} className="error-message" role="alert">
          {bioError}
        </small>
      )}
      <Field
        label="Phone Number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        error={failure?.field === 'phoneNumber' ? failure.text : undefined}
        value={phoneNumber}
        onChange={(e) => setPhoneNumber(e.target.value)}
      />
      {showCourses !== undefined && (
        <label className="row">
          <input
            type="checkbox"
            name="showCoursesOnProfile"
            checked={showCourses}
            onChange={(e) => setShowCourses(e.target.checked)}
          />
          <span>Show my courses on my profile</span>
        </label>
      )}
      {failure && !failure.field && <ErrorMessage>{failure.text}</ErrorMessage>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Save Changes
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
