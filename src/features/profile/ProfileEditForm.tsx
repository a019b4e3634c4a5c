import { useState } from 'react'
import { useUpdateMyProfileMutation } from '@/api/enhancedApi'
import { ErrorMessage } from '@/components/ErrorMessage'
import { errorMessage } from '@/features/profile/errorMessage'

type Props = { bio: string; phoneNumber: string; onDone: () => void }

export function ProfileEditForm({ bio: initialBio, phoneNumber: initialPhone, onDone }: Props) {
  const [bio, setBio] = useState(initialBio)
  const [phoneNumber, setPhoneNumber] = useState(initialPhone)
  const [update, { isLoading }] = useUpdateMyProfileMutation()
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    try {
      await update({ profileUpdate: { bio, phoneNumber } }).unwrap()
      onDone()
    } catch (error) {
      setFailure(errorMessage(error as Parameters<typeof errorMessage>[0]))
    }
  }

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} aria-label="Edit profile">
      <label className="field">
        <span>Bio</span>
        <textarea name="bio" rows={4} value={bio} onChange={(e) => setBio(e.target.value)} />
      </label>
      <label className="field">
        <span>Phone Number</span>
        <input
          name="phoneNumber"
          type="tel"
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
        />
      </label>
      {failure && <ErrorMessage>{`Error updating profile: ${failure}`}</ErrorMessage>}
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
