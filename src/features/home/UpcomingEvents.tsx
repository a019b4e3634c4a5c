import { UPCOMING_EVENTS } from './homeContent'

/** The two static online events (shown to logged-in users only). */
export function UpcomingEvents() {
  return (
    <section className="card" aria-labelledby="events-heading">
      <h2 id="events-heading">Upcoming Online Events</h2>
      <ul className="home__events">
        {UPCOMING_EVENTS.map((event) => (
          <li key={event.date}>
            <strong>{event.title}</strong>
            <br />
            <span>
              {event.date}, {event.time}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
