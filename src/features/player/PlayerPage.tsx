export default function PlayerPage() { return <section className="page">PlayerPage</section> }
