/** The operations of orders, payments and earnings: screens loaded on their own pages only (receipts, /admin's
 * orders, the payments notice), generated into a file of their own so that the entry chunk does not carry them. */
const ORDERS = ['getPaymentProvider', 'getOrders', 'getMyOrders', 'getOrder', 'refundOrder', 'getEarnings']

/** The puzzles' operations: the tactics trainer's pages, /review's puzzles and /analysis keeping a game's mistakes,
 * generated into a file of their own so that /home's first script does not carry them. */
const PUZZLES = [
  'getNextPuzzle',
  'getDailyPuzzle',
  'getPuzzleStats',
  'getMyPuzzleRating',
  'getPuzzle',
  'recordPuzzleAttempt',
  'keepGameMistakes',
  'getDuePuzzles',
  'recordPuzzleReview',
]

/** The course reviews' operations: a course page's reviews, which load with their own chunk once the page is drawn,
 * generated into a file of their own so that no first visit carries them. */
const COURSE_REVIEWS = [
  'getCourseReviews',
  'getMyCourseReview',
  'saveMyCourseReview',
  'replyToCourseReview',
  'removeCourseReview',
]

/** A student's result of a puzzle of a course's puzzle set: sent from the modules page and the lesson view only,
 * generated into a file of its own so that /home's first script does not carry it. */
const PUZZLE_SETS = ['recordModulePuzzle']

/** A free preview module read by everyone: the course page's only, generated into a file of its own so that /home's
 * first script does not carry it. */
const PREVIEWS = ['getPreviewModule']

/** The certificates' operations: the certificate's own page, the profile's list and the course page's link, generated
 * into a file of their own so that /home's first script does not carry them. */
const CERTIFICATES = ['getCertificate', 'getMyCertificates', 'setCertificatePrivacy']

/** Operations the SPA never calls through the API slice. */
const NOT_CALLED = ['streamVideo', 'streamCaptions', 'streamPoster', 'receiveStripeEvent']

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
module.exports = {
  schemaFile: './openapi.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  // No hooks exported here: screens take theirs from their feature's endpoints file (a lint rule), where the enhanced
  // API has them; exported here too they were some 70 names in every page's first script, used by nothing.
  hooks: false,
  tag: true,
  outputFiles: {
    // The media streams are plain URLs for the video, track and poster, not data endpoints; Stripe's webhook is
    // Stripe's to call.
    '../src/api/generated/api.ts': {
      exportName: 'generatedApi',
      filterEndpoints: (name) =>
        !NOT_CALLED.includes(name) &&
        !ORDERS.includes(name) &&
        !PUZZLES.includes(name) &&
        !PUZZLE_SETS.includes(name) &&
        !PREVIEWS.includes(name) &&
        !CERTIFICATES.includes(name) &&
        !COURSE_REVIEWS.includes(name),
    },
    '../src/api/generated/ordersApi.ts': {
      exportName: 'generatedOrdersApi',
      filterEndpoints: ORDERS,
    },
    '../src/api/generated/puzzlesApi.ts': {
      exportName: 'generatedPuzzlesApi',
      filterEndpoints: PUZZLES,
    },
    '../src/api/generated/courseReviewsApi.ts': {
      exportName: 'generatedCourseReviewsApi',
      filterEndpoints: COURSE_REVIEWS,
    },
    '../src/api/generated/puzzleSetsApi.ts': {
      exportName: 'generatedPuzzleSetsApi',
      filterEndpoints: PUZZLE_SETS,
    },
    '../src/api/generated/previewsApi.ts': {
      exportName: 'generatedPreviewsApi',
      filterEndpoints: PREVIEWS,
    },
    '../src/api/generated/certificatesApi.ts': {
      exportName: 'generatedCertificatesApi',
      filterEndpoints: CERTIFICATES,
    },
  },
}
