export default function BlogPage() { return <section className="page">BlogPage</section> }
