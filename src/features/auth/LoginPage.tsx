export default function LoginPage() { return <section className="page">LoginPage</section> }
