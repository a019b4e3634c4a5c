export default function RegisterPage() { return <section className="page">RegisterPage</section> }
