export default function CoursesPage() { return <section className="page">CoursesPage</section> }
