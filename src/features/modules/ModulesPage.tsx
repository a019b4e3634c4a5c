export default function ModulesPage() { return <section className="page">ModulesPage</section> }
