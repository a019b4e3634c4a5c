export default function ProfilePage() { return <section className="page">ProfilePage</section> }
