export default function HomePage() { return <section className="page">HomePage</section> }
