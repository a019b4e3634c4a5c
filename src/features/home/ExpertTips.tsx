import { EXPERT_TIPS } from './homeContent'

export function ExpertTips() {
  return (
    <section className="card" aria-labelledby="expert-tips-heading">
      <h2 id="expert-tips-heading">Expert Tips</h2>
      <ol className="home__tips">
        {EXPERT_TIPS.map((tip) => (
          <li key={tip.title}>
            <strong>{tip.title}.</strong> {tip.text}
          </li>
        ))}
      </ol>
    </section>
  )
}
