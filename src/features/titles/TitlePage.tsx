export default function TitlePage() { return <section className="page">TitlePage</section> }
