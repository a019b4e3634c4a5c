export default function CartPage() { return <section className="page">CartPage</section> }
