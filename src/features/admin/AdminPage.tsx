export default function AdminPage() { return <section className="page">AdminPage</section> }
