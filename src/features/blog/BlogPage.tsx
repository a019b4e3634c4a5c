import { ARTICLES } from './articles'
import './blog.css'

export default function BlogPage() {
  return (
    <div className="page blog">
      <h1>Exhibition</h1>
      <div className="blog__articles">
        {ARTICLES.map((article) => (
          <article key={article.id} className="card blog__article" aria-labelledby={`article-${article.id}`}>
            <img src={article.image} alt={article.imageAlt} width={320} height={200} loading="lazy" />
            <div className="blog__body">
              <h2 id={`article-${article.id}`}>{article.title}</h2>
              <p className="blog__meta">
                <time>{article.date}</time> · Organizer: {article.organizer}
              </p>
              {article.paragraphs.map((text) => (
                <p key={text.slice(0, 40)}>{text}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  )
}
