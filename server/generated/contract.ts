// Generated from openapi/openapi.yaml by scripts/codegen-server.mjs (npm run codegen): do not edit.

export interface paths {
  '/api/health': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Server and database health */
    get: operations['getHealth']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/register': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Register a new account (always a student) */
    post: operations['register']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/login': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Log in with email and password */
    post: operations['login']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/logout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** End this session on the server; its token is refused from now on */
    post: operations['logout']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/logout-all': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** End every session of the logged-in user, this one included */
    post: operations['logoutEverywhere']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/forgot-password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a single-use link to reset the password of the account that uses this email, if any
     * @description Always the same answer, in about the same time, whether an account uses the email or not. Limited per client address (429) and per account (further requests within the window send nothing, same answer).
     */
    post: operations['requestPasswordReset']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/reset-password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Set a new password with the token of a reset link; ends every session of the account */
    post: operations['resetPassword']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/auth/verify-email': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Follow a verification link (the address given at registration, or a new address of the account) */
    post: operations['verifyEmail']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/mail/unsubscribe': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * One-click unsubscribe from review reminders (RFC 8058), through the signed link of a reminder
     * @description No sign-in: the link's signature names the account. Mail clients send the form body `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded), which is accepted and not needed.
     */
    post: operations['unsubscribeReviewReminders']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List all courses, or search and page through them
     * @description Without parameters: every published course, newest first (the spec's list). With any of `q`, `sort`, `minPrice`, `maxPrice`, `limit` or `cursor`: one page of the catalogue, `{ items, nextCursor }`. Drafts are in neither (`getDraftCourses`). Pages are read after their cursor's course in the chosen order (sort key, then id), so courses created or deleted between two page requests never make a course repeat or go missing from the later pages.
     */
    get: operations['getCourses']
    put?: never
    /** Create a course (instructor, admin); the caller becomes its instructor */
    post: operations['createCourse']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/drafts': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The draft courses the caller may publish (an instructor's own, every draft for an admin), newest first
     * @description Drafts are absent from the course list, the catalogue and its search; their instructor and admins find them here.
     */
    get: operations['getDraftCourses']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /** One course (a draft only to its instructor, admins and students enrolled before it was unpublished) */
    get: operations['getCourse']
    put?: never
    post?: never
    /** Delete a course with its modules, videos and enrollments (its instructor, admin) */
    delete: operations['deleteCourse']
    options?: never
    head?: never
    /** Update a course (its instructor, admin) */
    patch: operations['updateCourse']
    trace?: never
  }
  '/api/courses/user/{userId}/enrolled': {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: components['parameters']['UserId']
      }
      cookie?: never
    }
    /** Courses a user is enrolled in (that user, admin) */
    get: operations['getEnrolledCourses']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/enrolled-students': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /**
     * Students enrolled in a course (logged-in users), or one page of them
     * @description Without parameters: every student enrolled, in the order they enrolled (the spec's list). With `limit` or `cursor`: one page, `{ items, nextCursor }`, in the same order (enrollment time, then the student's id), read after the cursor's student, so enrollments made between two page requests never make a student repeat or go missing. A course the caller may not see (a draft, or one unpublished, to all but its instructor, admins and its enrolled students) is 404, as an unknown one.
     */
    get: operations['getEnrolledStudents']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/curriculum': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /** The curriculum of a course for everyone: module titles and descriptions in order, whether each carries a line and its video's length where known, never a video, URL or line (those stay behind getModulesByCourse) */
    get: operations['getCourseCurriculum']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/reviews': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /**
     * A course's ratings (average, count, how many of each star) and its reviews, newest first, one page at a time (everyone; a draft's only to those who may see it)
     * @description Every page carries the course's rating as it is now and one page of its reviews, `{ rating, items, nextCursor }`, read after the cursor's review (creation time, then id, both descending), so reviews posted between two page requests never make one repeat or go missing. A removed review is neither listed nor counted. A course the caller may not see (a draft, to all but its instructor, admins and its enrolled students) is 404, as an unknown one; a token, when sent and valid, is read to decide that.
     */
    get: operations['getCourseReviews']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/reviews/mine': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /** The caller's own review of a course (null while they have none; a removed one with its removal), and whether they may write or edit it now */
    get: operations['getMyCourseReview']
    /**
     * Rate and review a course, or edit one's review (an enrolled student who has completed at least one of its modules; one review per student, counted once however many requests arrive together)
     * @description The first save creates the review (201); a later one replaces its rating and text (200), its reply kept. A review an admin removed cannot be saved again (403), nor can a caller who is not a student enrolled in the course with a completed module. Counted per user with the other review writes (COMMENT_RATE_LIMIT_MAX per minute).
     */
    put: operations['saveMyCourseReview']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/course-reviews/{reviewId}/reply': {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A course review's id */
        reviewId: components['parameters']['ReviewId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** The course's instructor replies to a review, once (a reply is not edited; a second one is 409, also when two arrive together) */
    post: operations['replyToCourseReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/course-reviews/{reviewId}/removal': {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A course review's id */
        reviewId: components['parameters']['ReviewId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** An admin removes a review, giving a reason that is kept: the review is no longer listed nor counted in the course's rating, and its author can no longer edit it (removing a removed review is 409) */
    post: operations['removeCourseReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/modules/order': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    get?: never
    /**
     * Put a course's modules in a new order (the course's instructor, admin)
     * @description Takes the whole order: `moduleIds` must name exactly the course's modules, each once; an order made from a stale list (a module added or deleted since) is 409 and changes nothing. Saved in one transaction.
     */
    put: operations['reorderModules']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/enroll': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** Enroll the logged-in student; a paid course is charged through the payment provider (one order); enrolling again is not an error and not a duplicate */
    post: operations['enrollInCourse']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/courses/{courseId}/progress': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /** Each enrolled student's progress in a course, most recent activity first (the course's instructor, admins) */
    get: operations['getCourseProgress']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/progress': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's own progress in every course they are enrolled in or have watched, with each module's saved position (one query) */
    get: operations['getMyProgress']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/progress/modules/{moduleId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    get?: never
    /** Save the caller's position in a module's video (those who may read the module, for themselves); 90 % of the video watched completes the module */
    put: operations['saveModuleProgress']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/progress/modules/{moduleId}/completion': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    get?: never
    /** Mark a module complete or not complete by hand (those who may read the module, for themselves) */
    put: operations['setModuleCompletion']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/lines/{moduleId}/practice': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** Record a finished practice of one variation of a module's line (those who may read the module, for themselves): graded Good with no mistake, Hard with one, Again with more, and that variation's next review scheduled (FSRS, no short-term steps), the moves missed counted for 'Difficult moves'. A variation the line does not have is 400; a module of a course the caller may not see (a draft) is 404, as an unknown one; at most PRACTICE_RATE_LIMIT_MAX practices per user per minute (429) */
    post: operations['recordLinePractice']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's lines due for review now, most overdue first, with their moves (lines of modules the caller may still read), and when the next one not yet due comes */
    get: operations['getDueReviews']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews/summary': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** How many of the caller's reviews (variations of lines) are due now, not those scheduled later, and when the next one comes (no moves) */
    get: operations['getReviewSummary']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews/forecast': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** How many of the caller's reviews fall due on each of the next 7 days, today first (today's count holds those due already), the days counted in the caller's time zone */
    get: operations['getReviewForecast']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews/difficult-moves': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The moves of lines the caller missed most in practice and review (a wrong first try, or 'Show me'), most missed first and, among equals, the latest missed first; at most 10, of lines the caller may still read */
    get: operations['getDifficultMoves']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/modules': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Add a module to a course (the course's instructor, admin) */
    post: operations['createModule']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/modules/course/{courseId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    /** Modules of a course (enrolled students, the course's instructor, instructors, admins) */
    get: operations['getModulesByCourse']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/modules/{moduleId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Delete a module (the course's instructor, admin) */
    delete: operations['deleteModule']
    options?: never
    head?: never
    /** Update a module (the course's instructor, admin) */
    patch: operations['updateModule']
    trace?: never
  }
  '/api/modules/{moduleId}/preview': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    /** One module with its video for everyone when it is a free preview of a published course (visitors included); any other module only for those who may read the course's modules (enrolled students, instructors, admins). A token is optional; one that is sent is checked */
    get: operations['getPreviewModule']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/modules/{moduleId}/puzzles/{index}': {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
        /** @description The puzzle's place in the module's set, from 0 to 99, in decimal digits */
        index: string
      }
      cookie?: never
    }
    get?: never
    /** Record the caller's result of one puzzle of a module's puzzle set (the course's enrolled students, for themselves). The first result of a puzzle is kept: a retry answers the results as they are and changes nothing. Once every puzzle of the set has a result the module is completed for the caller. A module without a puzzle set, or a set without that puzzle, is 404; a module of a course the caller may not see (a draft) is 404, as an unknown one */
    put: operations['recordModulePuzzle']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/videos': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Upload a video file for a course (the course's instructor, admin) */
    post: operations['uploadVideo']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/videos/{videoId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    /** A video record; filePath is a short-lived signed URL (readers of its course) */
    get: operations['getVideo']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/videos/{videoId}/captions': {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    get?: never
    /** Upload (or replace) the WebVTT captions of an uploaded video (the course's instructor, admin) */
    put: operations['uploadCaptions']
    post?: never
    /** Remove the captions of an uploaded video (the course's instructor, admin) */
    delete: operations['deleteCaptions']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/media/{videoId}/poster': {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    /** A video's poster frame (JPEG) through its signed URL (the video's signature) */
    get: operations['streamPoster']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/media/{videoId}/captions': {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    /** A video's WebVTT captions through their signed URL (the video's signature) */
    get: operations['streamCaptions']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/media/{videoId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    /** Stream a video file through its signed URL, with HTTP range requests */
    get: operations['streamVideo']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The logged-in user's own profile, with email */
    get: operations['getMyProfile']
    /** Update one's own bio and phone number, and whether the profile shows one's purchased courses */
    put: operations['updateMyProfile']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Change one's own password (the current one is checked); ends the user's other sessions */
    put: operations['changeMyPassword']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/email': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Ask to change one's email; the new address must follow a mailed link before it replaces the old one */
    post: operations['changeMyEmail']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/email/verification': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Send the verification link of one's email again ('Send again') */
    post: operations['resendVerificationEmail']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/review-reminders': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** 'Email me when lines are due for review': on or off (off by default) */
    put: operations['setReviewReminders']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/{id}': {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    /** Another user's public profile (never the email); the phone number only to a signed-in caller (a token is optional here, and checked when sent); a student's purchased courses only to signed-in callers the owner shows them to */
    get: operations['getProfile']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/users': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * All users (admin), or one page of them
     * @description Without parameters: every user, oldest first (the spec's list). With `limit` or `cursor`: one page, `{ items, nextCursor }`, in the same order (creation, then id), read after the cursor's user, so users created between two page requests never make a user repeat or go missing.
     */
    get: operations['getUsers']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/user/{id}/role': {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /** Change a user's role (admin; the last admin cannot be demoted) */
    patch: operations['updateUserRole']
    trace?: never
  }
  '/api/user/{id}/password': {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    /** Set a new password for a user (admin); ends every session of that user */
    put: operations['setUserPassword']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/user/rank/{userId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: components['parameters']['UserId']
      }
      cookie?: never
    }
    /** A user's 1-based position by registration time */
    get: operations['getUserRank']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/player/{username}/followers': {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    /**
     * Users following a chess player, or one page of them
     * @description Without parameters: every follower, oldest first (the spec's list). With `limit`, `cursor` or `userId`: one page, `{ items, nextCursor }`, in the same order (when they followed, then the record's id), read after the cursor's record, so follows made between two page requests never make a follower repeat or go missing. `userId` keeps that user's record only (whether they follow the player: the Follow button).
     */
    get: operations['getPlayerFollowers']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/comments/{username}': {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    /** Comments on a chess player, newest first, one page at a time */
    get: operations['getPlayerComments']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/follow-player': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Follow a chess player (idempotent) */
    post: operations['followPlayer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/unfollow-player/{username}': {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Stop following a chess player (idempotent) */
    delete: operations['unfollowPlayer']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/comment-player': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Comment on a chess player */
    post: operations['commentPlayer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/comment-player/{commentId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        commentId: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Delete a comment (its author, or an admin) */
    delete: operations['deleteComment']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/cart': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The logged-in user's cart */
    get: operations['getCart']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/cart/items': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Put a course in the cart (idempotent; students only, not for enrolled courses) */
    post: operations['addToCart']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/cart/items/{courseId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Take a course out of the cart (idempotent) */
    delete: operations['removeFromCart']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/cart/checkout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Pay for the cart, enroll in every course in it, record the order and empty the cart */
    post: operations['checkout']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/games': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's kept games, newest first, one page at a time (`{ items, nextCursor }`, without the PGN) */
    get: operations['listMyGames']
    put?: never
    /** Keep a finished practice game of the caller (idempotent on `key`: saving the same key again answers the game already kept); beyond 200 games the oldest is dropped */
    post: operations['saveGame']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/games/{gameId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        gameId: components['schemas']['Id']
      }
      cookie?: never
    }
    /** One of the caller's kept games, with its PGN (another user's game is 404, as an unknown one) */
    get: operations['getGame']
    put?: never
    post?: never
    /** Delete one of the caller's kept games (another user's game is 404, as an unknown one) */
    delete: operations['deleteGame']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/next': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The next puzzle to solve: near the signed-in caller's puzzle rating (a visitor's: 1500), never one the caller has played (a token is optional here, and checked when sent)
     * @description `easier` aims about 300 below the rating, `harder` about 300 above; the window around the aim widens step by step until a puzzle is found. 404 when no puzzle matches (e.g. every puzzle of the theme was played)
     */
    get: operations['getNextPuzzle']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/daily': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The puzzle of the day: the same for everyone each UTC day (picked from the date, stable while the set of puzzles is unchanged); 404 when there is no puzzle */
    get: operations['getDailyPuzzle']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/stats': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** How many puzzles there are, in all and by theme */
    get: operations['getPuzzleStats']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/rating': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's puzzle rating (1500, deviation 350 and played 0 before the first rated puzzle) */
    get: operations['getMyPuzzleRating']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/{puzzleId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        puzzleId: components['parameters']['PuzzleId']
      }
      cookie?: never
    }
    /** One puzzle */
    get: operations['getPuzzle']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/puzzles/{puzzleId}/attempts': {
    parameters: {
      query?: never
      header?: never
      path: {
        puzzleId: components['parameters']['PuzzleId']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** Record the caller's attempt at a puzzle. The first attempt of a player on a puzzle is rated (Glicko-2: the player and the puzzle both); later ones answer `rated: false` and `change: 0`, and change nothing (parallel first attempts count once). At most PUZZLE_RATE_LIMIT_MAX puzzle attempts, reviews and kept mistakes per user per minute (429) */
    post: operations['recordPuzzleAttempt']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/games/{gameId}/mistakes': {
    parameters: {
      query?: never
      header?: never
      path: {
        gameId: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Keep the caller's mistakes of one of their kept games as personal puzzles ('Find the better move'), from the game report the browser ran
     * @description Each mistake is checked against the game's moves: a ply that is not a move of the game, a move of the opponent (the game's `colour` is the player's side), a `better` move illegal in the position before the move or equal to the move played, or the same ply twice in the request is a 400 whose detail names the item ("Mistake 2: move 5 is not yours"), and the request then keeps nothing. A ply kept before adds nothing and changes nothing (the first one stays). Another user's game is 404, as an unknown one. At most PUZZLE_RATE_LIMIT_MAX puzzle attempts, reviews and kept mistakes per user per minute (429)
     */
    post: operations['keepGameMistakes']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews/puzzles': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's puzzles due for review now: their personal puzzles and the rated puzzles they failed, most overdue first, at most 50; and when the next one not yet due comes */
    get: operations['getDuePuzzles']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/reviews/puzzles/{reviewPuzzleId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        reviewPuzzleId: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** Record a review of one of the caller's puzzles to review, and schedule its next review (FSRS: solved is Good, not solved Again); another user's puzzle is 404, as an unknown one. At most PUZZLE_RATE_LIMIT_MAX puzzle attempts, reviews and kept mistakes per user per minute (429) */
    post: operations['recordPuzzleReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/payments/provider': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Which payment provider takes the money on this server (simulated moves none) */
    get: operations['getPaymentProvider']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/payments/stripe/webhook': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Stripe's webhook (checkout.session.completed, checkout.session.expired, charge.refunded)
     * @description Signed by Stripe over the raw body (Stripe-Signature); an unsigned or wrongly signed request is 400 and changes nothing. Each event is handled once, in any order and however often it arrives. 404 when Stripe is not the payment provider of this server
     */
    post: operations['receiveStripeEvent']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/orders': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Every order, newest first, optionally of one state (admin) */
    get: operations['getOrders']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/me/orders': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's own orders, newest first */
    get: operations['getMyOrders']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/orders/{orderId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        orderId: components['schemas']['Id']
      }
      cookie?: never
    }
    /** One order with its lines (its buyer, or an admin); another user's order is 404 */
    get: operations['getOrder']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/orders/{orderId}/refund': {
    parameters: {
      query?: never
      header?: never
      path: {
        orderId: components['schemas']['Id']
      }
      cookie?: never
    }
    get?: never
    put?: never
    /** Refund a paid order through the payment provider and end its enrollments (admin) */
    post: operations['refundOrder']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/earnings': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** What courses earned (paid enrollments, revenue net of refunds); an instructor's own, every instructor's for admins */
    get: operations['getEarnings']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/certificates/{certificateId}': {
    parameters: {
      query?: never
      header?: never
      path: {
        certificateId: components['schemas']['Id']
      }
      cookie?: never
    }
    /**
     * A certificate of completion, public by its link (a token is optional here, and checked when sent)
     * @description Anyone holding the link may read it. 404 for an id that names no certificate, for a revoked certificate (its enrollment was refunded), and for a private one (its holder keeps their certificates private) to anyone but its holder, admins included.
     */
    get: operations['getCertificate']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/certificates': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's certificates (revoked ones left out), latest first, and whether they keep them private */
    get: operations['getMyCertificates']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/profile/me/certificate-privacy': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** 'Keep my certificates private': on, only their holder sees them; off (the default), anyone with the link */
    put: operations['setCertificatePrivacy']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: {
    /** @description A puzzle's id (letters, digits, `_` and `-`) */
    PuzzleId: string
    /** @enum {string} */
    PuzzleTheme:
      | 'mateIn1'
      | 'mateIn2'
      | 'mateIn3'
      | 'advantage'
      | 'crushing'
      | 'opening'
      | 'middlegame'
      | 'endgame'
      | 'short'
      | 'long'
      | 'fork'
      | 'hangingPiece'
      | 'backRankMate'
    /**
     * @description Aim about 300 below the caller's rating (`easier`), at it (`normal`, the default) or above (`harder`)
     * @default normal
     * @enum {string}
     */
    PuzzleDifficulty: 'easier' | 'normal' | 'harder'
    Puzzle: {
      id: components['schemas']['PuzzleId']
      /** @description The position before the opponent's last move */
      fen: string
      /** @description The moves in UCI: the first is the opponent's move, then the solver's moves and the opponent's replies in turn */
      moves: string[]
      /** @description The puzzle's Glicko-2 rating */
      rating: number
      themes: components['schemas']['PuzzleTheme'][]
      /** @description How many rated attempts it has had */
      plays: number
    }
    PuzzleStats: {
      total: number
      /** @description Puzzles of each theme (every theme key, 0 included) */
      byTheme: {
        [key: string]: number
      }
    }
    PuzzleRating: {
      rating: number
      /** @description The rating's deviation (Glicko-2's RD): 350 before the first puzzle, smaller with more played */
      deviation: number
      /** @description Rated puzzles played */
      played: number
    }
    PuzzleAttemptInput: {
      solved: boolean
    }
    PuzzleAttemptResult: {
      /** @description Whether this attempt was rated (the caller's first on this puzzle) */
      rated: boolean
      /** @description The caller's puzzle rating after the attempt */
      rating: number
      /** @description How the caller's rating changed (0 when not rated) */
      change: number
      /** @description The puzzle's rating after the attempt */
      puzzleRating: number
    }
    /**
     * @description The report's mark of the move played ('?' a mistake, '??' a blunder)
     * @enum {string}
     */
    MistakeMark: '?' | '??'
    GameMistake: {
      /** @description The move's index in the game (0 is the first move) */
      ply: number
      /** @description The engine's move in the position before the move played, in SAN as the report gives it */
      better: string
      mark: components['schemas']['MistakeMark']
    }
    GameMistakesInput: {
      mistakes: components['schemas']['GameMistake'][]
    }
    GameMistakesResult: {
      /** @description New personal puzzles (a ply kept before adds none) */
      added: number
      /** @description The game's personal puzzles now */
      total: number
    }
    ReviewPuzzle: {
      id: components['schemas']['Id']
      /**
       * @description A personal puzzle from a mistake of a kept game, or a rated puzzle the caller failed
       * @enum {string}
       */
      kind: 'mistake' | 'puzzle'
      /** @description The position where the solver moves */
      fen: string
      /** @description The opponent's move that led to `fen`, in UCI; null at a game's first move */
      lastMove: string | null
      /** @description The moves in UCI: the solver's move first, then the replies and the solver's moves in turn (a mistake: the engine's move only) */
      moves: string[]
      /** @description The move played, in SAN (a mistake); null for a puzzle */
      played: string | null
      /** @description The report's mark of the move played (a mistake); null for a puzzle */
      mark: components['schemas']['MistakeMark'] | null
      /** @description The kept game of a mistake; null for a puzzle */
      gameId: components['schemas']['Id'] | null
      /** @description The rated puzzle; null for a mistake */
      puzzleId: components['schemas']['PuzzleId'] | null
      /** Format: date-time */
      dueAt: string
    }
    DuePuzzles: {
      /** @description At most 50, most overdue first */
      due: components['schemas']['ReviewPuzzle'][]
      /**
       * Format: date-time
       * @description The earliest puzzle not yet due; null when none is scheduled
       */
      nextDueAt: string | null
    }
    PuzzleReviewInput: {
      solved: boolean
    }
    PuzzleReviewResult: {
      /**
       * Format: date-time
       * @description When the puzzle is next due
       */
      dueAt: string
    }
    /** Format: uuid */
    Id: string
    PlayerUsername: string
    /** @enum {string} */
    Role: 'student' | 'instructor' | 'admin'
    Problem: {
      type: string
      title: string
      status: number
      detail?: string
      instance?: string
    }
    Health: {
      /** @enum {string} */
      status: 'ok'
      /** @enum {string} */
      database: 'pglite' | 'postgres'
      /** @description Embedded PGlite only: how many times its thread was started again since the server started, after it stopped or stopped answering (while that happens, this endpoint answers 503 saying so). */
      databaseRestarts?: number
      /**
       * Format: date-time
       * @description Embedded PGlite only, once it was started again: when it last answered again.
       */
      databaseRestartedAt?: string
    }
    RegisterInput: {
      username: string
      /** Format: email */
      email: string
      password: string
      phoneNumber?: string
      /** @description Ignored; every registration creates a student */
      role?: components['schemas']['Role']
    }
    LoginInput: {
      email: string
      password: string
    }
    User: {
      _id: components['schemas']['Id']
      username: string
      email: string
      phoneNumber: string
      role: components['schemas']['Role']
      bio: string
      purchasedCourses: components['schemas']['Id'][]
    }
    LoginResponse: {
      token: string
      result: components['schemas']['User']
    }
    UserRef: {
      _id: components['schemas']['Id']
      username: string
    }
    UserSummary: {
      _id: components['schemas']['Id']
      username: string
      role: components['schemas']['Role']
      /** @description Whether the user's email was verified (for admins) */
      emailVerified?: boolean
    }
    RoleChange: {
      newRole: components['schemas']['Role']
    }
    Rank: {
      rank: number
    }
    Course: {
      _id: components['schemas']['Id']
      title: string
      /** @description The title, kept equal to it (the modules page reads name) */
      name: string
      description: string
      price: number
      /** @description The course's instructor; null once that account is gone */
      instructor: {
        _id: components['schemas']['Id']
        username: string
      } | null
      /** Format: date-time */
      createdAt: string
      /** @description False for a draft: seen only by its instructor, admins and the students enrolled before it was unpublished; absent from the course list, the catalogue and its search */
      published: boolean
      /** @description The level the course is for; null until its instructor sets it */
      level: components['schemas']['CourseLevel'] | null
      /** @description 'What you'll learn': the course's points in its instructor's order (none until set) */
      learningPoints: string[]
      rating?: components['schemas']['CourseRating']
    }
    /** @enum {string} */
    CourseLevel: 'Beginner' | 'Intermediate' | 'Advanced'
    /** @description 'What you'll learn': up to 8 short points, in order */
    LearningPoints: string[]
    /** @enum {string} */
    CourseSort: 'newest' | 'title' | 'price'
    PriceBound: number
    CourseCursor: string
    PageCursor: string
    /** @description The `cursor` of the next page; null on the last page */
    NextCursor: string | null
    /**
     * @description White won, Black won, or a draw
     * @enum {string}
     */
    GameResult: '1-0' | '0-1' | '1/2-1/2'
    /**
     * @description The computer's level in the game, `random` for random moves (the practice board's default)
     * @enum {string}
     */
    GameOpponent: 'random' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'
    GameInput: {
      /**
       * Format: uuid
       * @description Chosen by the client once per finished game, so a retried save keeps one game
       */
      key: string
      /** @description The game in PGN, at most 20 KB of UTF-8 and 600 moves (plies, variations included; more is 400 before any move is read); read move by move (a PGN that does not read, or holds an illegal move, is 400 naming it) and it must be over: mate, or a draw by the rules */
      pgn: string
      result: components['schemas']['GameResult']
      opponentLevel: components['schemas']['GameOpponent']
      /**
       * @description The side the player played
       * @enum {string}
       */
      colour: 'white' | 'black'
    }
    GameSummary: {
      _id: components['schemas']['Id']
      result: components['schemas']['GameResult']
      opponentLevel: components['schemas']['GameOpponent']
      /** @enum {string} */
      colour: 'white' | 'black'
      /** @description Moves (plies) of the game */
      moves: number
      /**
       * Format: date-time
       * @description When the game was kept (as it ended)
       */
      playedAt: string
    }
    Game: {
      _id: components['schemas']['Id']
      result: components['schemas']['GameResult']
      opponentLevel: components['schemas']['GameOpponent']
      /** @enum {string} */
      colour: 'white' | 'black'
      /** @description Moves (plies) of the game */
      moves: number
      /**
       * Format: date-time
       * @description When the game was kept (as it ended)
       */
      playedAt: string
      pgn: string
    }
    GamePage: {
      items: components['schemas']['GameSummary'][]
      nextCursor: components['schemas']['NextCursor']
    }
    UserPage: {
      items: components['schemas']['UserSummary'][]
      nextCursor: components['schemas']['NextCursor']
    }
    FollowerPage: {
      items: components['schemas']['Follower'][]
      nextCursor: components['schemas']['NextCursor']
    }
    EnrolledStudentPage: {
      items: components['schemas']['EnrolledStudent'][]
      nextCursor: components['schemas']['NextCursor']
    }
    CoursePage: {
      items: components['schemas']['Course'][]
      /** @description The `cursor` of the next page; null on the last page */
      nextCursor: string | null
    }
    CourseInput: {
      title: string
      description: string
      price: number
      /** @description False creates a draft; absent, the course is published at once */
      published?: boolean
      /** @description Absent or null leaves the level unset */
      level?: components['schemas']['CourseLevel'] | null
      learningPoints?: components['schemas']['LearningPoints']
    }
    CoursePatch: {
      title?: string
      description?: string
      price?: number
      /** @description True publishes a draft; false makes the course a draft again (its enrolled students keep it) */
      published?: boolean
      /** @description Null unsets the level */
      level?: components['schemas']['CourseLevel'] | null
      /** @description Replaces the points whole; an empty list removes them */
      learningPoints?: components['schemas']['LearningPoints']
    }
    EnrolledStudent: {
      _id: components['schemas']['Id']
      username: string
    }
    Enrollment: {
      courseId: components['schemas']['Id']
      studentId: components['schemas']['Id']
      /** Format: date-time */
      enrolledAt: string
    }
    /** @description An http(s) URL a video player can play, or a path on this server */
    VideoUrl: string
    Module: {
      _id: components['schemas']['Id']
      title: string
      description: string
      /** @description Null for a module that is a line or a puzzle set alone (no video) */
      videoUrl: string | null
      /** Format: uuid */
      videoId: string | null
      courseId: components['schemas']['Id']
      position: number
      /** @description The module's line (moves to step through and practise); null when it has none */
      line: components['schemas']['ModuleLine'] | null
      /** @description The module's puzzle set, solved in order; null when it has none */
      puzzles: components['schemas']['SetPuzzle'][] | null
      /** @description The caller's own result of each puzzle of the set, in the set's order (true solved, false failed, null not tried yet); null when the module has no puzzle set */
      puzzleResults: (boolean | null)[] | null
      /** @description 'Free preview': while the course is published everyone, visitors included, may watch or play the module (getPreviewModule); the others stay for those who may read the course's modules */
      freePreview: boolean
    }
    ModulePreview: {
      module: components['schemas']['Module']
      video?: components['schemas']['Video']
    }
    ModuleOrder: {
      /** @description Every module of the course, each once, in the new order */
      moduleIds: components['schemas']['Id'][]
    }
    CurriculumEntry: {
      _id: components['schemas']['Id']
      title: string
      description: string
      position: number
      /** @description Whether the module carries a line to practise on a board (the line itself stays behind getModulesByCourse) */
      hasLine: boolean
      /** @description How many puzzles the module's puzzle set holds (0 without a set; the set stays behind getModulesByCourse) */
      puzzleCount: number
      /** @description Whether the module is a free preview, which everyone may open (getPreviewModule) */
      freePreview: boolean
      /** @description The length of the module's video where known: the median of what learners' players measured; absent while no player has reported it */
      durationSeconds?: number
    }
    ModuleInput: {
      title: string
      description: string
      /** @description Required unless the module has a line or a puzzle set; absent or null makes a module that is a line or a puzzle set alone */
      videoUrl?: components['schemas']['VideoUrl'] | null
      courseId: components['schemas']['Id']
      /** Format: uuid */
      videoId?: string | null
      /** @description The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
      line?: components['schemas']['ModuleLine'] | null
      /** @description 'Free preview': everyone may watch or play the module while the course is published */
      freePreview?: boolean
      puzzles?: components['schemas']['PuzzleSetInput']
    }
    ModulePatch: {
      title?: string
      description?: string
      /** @description Null removes the video, which only a module with a line or a puzzle set may lose */
      videoUrl?: components['schemas']['VideoUrl'] | null
      /** Format: uuid */
      videoId?: string | null
      /** @description The module's line: PGN checked move by move (a malformed PGN or an illegal move is 400, naming the move); null removes it */
      line?: components['schemas']['ModuleLine'] | null
      /** @description 'Free preview': everyone may watch or play the module while the course is published */
      freePreview?: boolean
      puzzles?: components['schemas']['PuzzleSetInput']
    }
    /** @description The module's puzzle set, 1 to 100 puzzles solved in order, each checked (a position that is not legal, a move that is not legal in turn, a solution that does not end with the solver's move is 400, naming the puzzle and the move); null removes it */
    PuzzleSetInput: components['schemas']['SetPuzzle'][] | null
    SetPuzzle: {
      /** @description The position the student solves from (the side to move is the solver), as FEN */
      fen: string
      /** @description The solution in UCI from the solver's first move: the solver's moves and the opponent's replies in turn, ending with the solver's */
      moves: string[]
    }
    VideoUpload: {
      courseId: components['schemas']['Id']
      /**
       * Format: binary
       * @description A video file (MP4, WebM or Ogg)
       */
      file: string
    }
    CaptionsUpload: {
      /**
       * Format: binary
       * @description A WebVTT file (UTF-8, at most 512 KB)
       */
      file: string
    }
    Video: {
      _id: components['schemas']['Id']
      courseId: components['schemas']['Id']
      /** @description A short-lived signed URL that streams the file (range requests work): on this server, or with object storage (MEDIA_STORAGE=s3) a presigned URL of the storage itself, valid as long (MEDIA_URL_TTL) */
      filePath: string
      mimeType: string
      size: number
      originalName: string
      /** @description A short-lived signed URL of the video's WebVTT captions; absent when it has none */
      captionsUrl?: string
      /** @description A short-lived signed URL of the video's poster frame (JPEG, at 10 % of its length); absent until the server has taken it (in the background, where ffmpeg is installed) */
      posterUrl?: string
      /** @description The video's length in seconds, as ffprobe reads it; absent until the server has taken it */
      durationSeconds?: number
    }
    Profile: {
      _id: components['schemas']['Id']
      username: string
      email: string
      role: components['schemas']['Role']
      bio: string
      phoneNumber: string
      /** @description Teaching courses for an instructor, purchased (enrolled) courses otherwise */
      courses: components['schemas']['Course'][]
      showCoursesOnProfile: components['schemas']['ShowCoursesOnProfile']
      /** @description Whether the account's email was verified through a mailed link */
      emailVerified?: boolean
      /** @description A new address asked for and not yet verified (it replaces the email once its link is followed) */
      pendingEmail?: string
      /** @description 'Email me when lines are due for review' (off by default) */
      reviewReminders?: boolean
    }
    /** @description 'Show my courses on my profile': whether signed-in readers of the profile see its purchased courses (on by default). Off, only the owner and admins see them; an instructor's teaching courses are public either way */
    ShowCoursesOnProfile: boolean
    /** @description phoneNumber is present only when the caller is signed in. courses: an instructor's teaching courses, always; otherwise the purchased courses, present only for the owner and admins, and for other signed-in callers when the owner shows them (showCoursesOnProfile) */
    PublicProfile: {
      _id: components['schemas']['Id']
      username: string
      role: components['schemas']['Role']
      bio: string
      phoneNumber?: string
      courses?: components['schemas']['Course'][]
    }
    ProfileUpdate: {
      bio: string
      phoneNumber: string
      showCoursesOnProfile?: components['schemas']['ShowCoursesOnProfile']
    }
    Follower: {
      _id: components['schemas']['Id']
      user: components['schemas']['UserRef']
    }
    FollowInput: {
      chessPlayerUsername: components['schemas']['PlayerUsername']
    }
    Comment: {
      _id: components['schemas']['Id']
      user: components['schemas']['UserRef']
      comment: string
      /** Format: date-time */
      createdAt: string
    }
    /** @description A course's ratings: their average (1 to 5, rounded to one decimal) and how many there are. Absent from a course that has none */
    CourseRating: {
      average: number
      count: number
    }
    /** @description A course's ratings as they are now (removed reviews not counted): the average rounded to one decimal (null while there is none), the count, and how many of each star, `stars[0]` the 1-star ratings to `stars[4]` the 5-star ones */
    CourseRatingDistribution: {
      average: number | null
      count: number
      stars: number[]
    }
    CourseReview: {
      _id: components['schemas']['Id']
      courseId: components['schemas']['Id']
      author: components['schemas']['UserRef']
      rating: components['schemas']['Stars']
      /** @description The review's words as written (empty for a rating alone) */
      text: string
      /** Format: date-time */
      createdAt: string
      /**
       * Format: date-time
       * @description When the author last saved it (equal to createdAt until edited)
       */
      updatedAt: string
      /** @description The course's instructor's one reply, or null */
      reply: {
        text: string
        /** @description The instructor who replied; null once that account is gone */
        author: components['schemas']['UserRef'] | null
        /** Format: date-time */
        createdAt: string
      } | null
      /** @description Only on the author's own review (getMyCourseReview), once an admin removed it: the reason they gave and when */
      removal?: {
        reason: string
        /** Format: date-time */
        removedAt: string
      }
    }
    CourseReviewPage: {
      rating: components['schemas']['CourseRatingDistribution']
      items: components['schemas']['CourseReview'][]
      nextCursor: components['schemas']['NextCursor']
    }
    MyCourseReview: {
      /** @description The caller's review of the course (with its removal, if an admin removed it), or null */
      review: components['schemas']['CourseReview'] | null
      /** @description Whether the caller may save a review now: a student enrolled in the course who has completed at least one of its modules, and whose review was not removed */
      mayReview: boolean
    }
    /** @description A rating, from 1 to 5 stars */
    Stars: number
    CourseReviewInput: {
      rating: components['schemas']['Stars']
      /** @description What the student writes (up to 2,000 characters; empty for a rating alone) */
      text: string
    }
    CourseReviewReplyInput: {
      text: string
    }
    CourseReviewRemovalInput: {
      /** @description Why the review is removed, kept with it (shown to its author) */
      reason: string
    }
    CommentInput: {
      chessPlayerUsername: components['schemas']['PlayerUsername']
      comment: string
    }
    CartItemInput: {
      courseId: components['schemas']['Id']
    }
    Cart: {
      items: components['schemas']['Course'][]
      /** @description Sum of the items' prices */
      total: number
    }
    Order: {
      _id: components['schemas']['Id']
      courseIds: components['schemas']['Id'][]
      total: number
      /** Format: date-time */
      createdAt: string
    }
    PasswordChange: {
      currentPassword: string
      newPassword: components['schemas']['Password']
    }
    PasswordReset: {
      newPassword: components['schemas']['Password']
    }
    PasswordResetRequest: {
      email: string
    }
    MailNotice: {
      message: string
    }
    MailToken: {
      token: string
    }
    PasswordResetWithToken: {
      token: string
      newPassword: components['schemas']['Password']
    }
    EmailChange: {
      /** Format: email */
      newEmail: string
      currentPassword: string
    }
    ReviewReminders: {
      /** @description 'Email me when lines are due for review': at most one mail a day, only when lines are due */
      enabled: boolean
    }
    Password: string
    CommentCursor: string
    ProgressInput: {
      /** @description Where the video is, in seconds; at most 5 s past durationSeconds */
      positionSeconds: number
      /** @description The video's length in seconds, as the player reports it (at most 24 hours) */
      durationSeconds: number
    }
    CompletionInput: {
      completed: boolean
    }
    ModuleProgress: {
      moduleId: components['schemas']['Id']
      courseId: components['schemas']['Id']
      positionSeconds: number
      /** @description Unknown (null) until a player has reported it */
      durationSeconds: number | null
      completed: boolean
      /** Format: date-time */
      updatedAt: string
    }
    CourseProgress: {
      courseId: components['schemas']['Id']
      completedModules: number
      /** @description The course's modules now (a new module lowers the percent) */
      totalModules: number
      /** @description completedModules of totalModules, rounded down, 0 to 100 */
      percent: number
      /**
       * Format: uuid
       * @description The first module in course order that is not completed; null when none is left
       */
      nextModuleId: string | null
      /** Format: date-time */
      lastActivityAt: string | null
      /** @description The modules with saved progress, in course order */
      modules: components['schemas']['ModuleProgress'][]
    }
    StudentProgress: {
      student: components['schemas']['UserRef']
      completedModules: number
      totalModules: number
      /** @description The puzzles of the course's puzzle sets the student solved (their first result) */
      puzzlesSolved: number
      /** @description The puzzles of the course's puzzle sets the student has a result of, solved or not */
      puzzlesTried: number
      /** @description The puzzles of the course's puzzle sets now (0 when the course has none) */
      puzzlesTotal: number
      /**
       * Format: date-time
       * @description The last saved position or completion in this course; null before the first
       */
      lastActivityAt: string | null
    }
    ModulePuzzleResults: {
      moduleId: components['schemas']['Id']
      /** @description The caller's result of each puzzle of the set, in order (null not tried yet) */
      puzzleResults: (boolean | null)[]
      /** @description Whether the module is completed for the caller (every puzzle has a result, or before) */
      completed: boolean
    }
    ModuleLine: {
      /** @description Moves in PGN (comments, variations, a start position through the SetUp and FEN tags), at most 64 KB of UTF-8 and 1,500 moves */
      pgn: string
      /**
       * @description The side the student plays when practising
       * @enum {string}
       */
      side: 'white' | 'black'
    }
    LinePracticeInput: {
      /** @description The student's moves of the variation not played right at the first try (at most the student's moves in it) */
      mistakes: number
      variation?: components['schemas']['VariationKey']
      /** @description Which moves those were: their indexes in the variation's moves from the start (0 is its first move), each a move the student plays, as many as `mistakes`. Counted for 'Difficult moves'; without it the practice is scheduled and no move is counted */
      missed?: number[]
    }
    /** @description One variation of a line (a path from the start to an end of its tree of moves): the moves where it leaves the first continuation, numbered as a move list writes them without the space and separated by spaces ('3...Nf6', '3...Nf6 5.Nc3'); '' (the default) is the main line */
    VariationKey: string
    /** @enum {string} */
    ReviewGrade: 'good' | 'hard' | 'again'
    LineReview: {
      moduleId: components['schemas']['Id']
      courseId: components['schemas']['Id']
      variation: components['schemas']['VariationKey']
      grade: components['schemas']['ReviewGrade']
      /**
       * Format: date-time
       * @description When the variation is next due for review
       */
      due: string
      /** @description Practices recorded for this variation */
      reps: number
      /** Format: date-time */
      lastReviewedAt: string
    }
    DueLine: {
      moduleId: components['schemas']['Id']
      courseId: components['schemas']['Id']
      moduleTitle: string
      courseTitle: string
      line: components['schemas']['ModuleLine']
      variation: components['schemas']['VariationKey']
      /** Format: date-time */
      due: string
    }
    ReviewQueue: {
      due: components['schemas']['DueLine'][]
      /**
       * Format: date-time
       * @description The earliest review not yet due; null when none is scheduled
       */
      nextDueAt: string | null
    }
    ReviewSummary: {
      /** @description Reviews due now (one per variation of a line); those scheduled later are not counted */
      dueCount: number
      /**
       * Format: date-time
       * @description The earliest review not yet due; null when none is scheduled
       */
      nextDueAt: string | null
    }
    ReviewForecast: {
      days: {
        /**
         * Format: date
         * @description The day in the caller's time zone
         */
        date: string
        /** @description Reviews due that day (today's count holds those due already) */
        count: number
      }[]
    }
    DifficultMoves: {
      moves: components['schemas']['DifficultMove'][]
    }
    DifficultMove: {
      moduleId: components['schemas']['Id']
      courseId: components['schemas']['Id']
      moduleTitle: string
      /** @description The position before the move, where the learner had to find it */
      fen: string
      /** @description The move */
      san: string
      moveNumber: number
      /**
       * @description Who plays the move
       * @enum {string}
       */
      side: 'white' | 'black'
      /** @description Practices and reviews in which the move was missed */
      misses: number
      /** Format: date-time */
      lastMissedAt: string
    }
    IdempotencyKey: string
    CheckoutRedirect: {
      orderId: components['schemas']['Id']
      /**
       * Format: uri
       * @description The provider's hosted payment page
       */
      url: string
    }
    PaymentProviderInfo: {
      /**
       * @description `simulated`: payments are approved and no money is charged; `stripe`: Stripe Checkout
       * @enum {string}
       */
      provider: 'simulated' | 'stripe'
    }
    WebhookReceipt: {
      received: boolean
    }
    /** @enum {string} */
    OrderStatus: 'pending' | 'paid' | 'declined' | 'refunded' | 'refund_failed' | 'expired'
    OrderLine: {
      /** @description null once the course was deleted */
      courseId: components['schemas']['Id'] | null
      title: string
      price: number
    }
    OrderDetail: {
      _id: components['schemas']['Id']
      /** @description The short order number people read (the first 8 characters of the id, upper case) */
      number: string
      status: components['schemas']['OrderStatus']
      /** Format: date-time */
      createdAt: string
      lines: components['schemas']['OrderLine'][]
      total: number
      /** @enum {string} */
      provider: 'simulated' | 'stripe'
      /** @description The provider's reference of the payment (none before it is paid) */
      paymentReference: string | null
      /** @description The buyer; null once that account is gone */
      buyer: {
        _id: components['schemas']['Id']
        username: string
      } | null
    }
    InstructorEarnings: {
      instructor: {
        _id: components['schemas']['Id']
        username: string
      }
      courses: {
        courseId: components['schemas']['Id']
        title: string
        /** @description Paid orders of the course that were not refunded */
        paidEnrollments: number
        /** @description What those orders paid for the course, in dollars */
        revenue: number
      }[]
      paidEnrollments: number
      revenue: number
    }
    Certificate: {
      _id: components['schemas']['Id']
      /** @description The learner's name as on their profile (their username) */
      learner: string
      /**
       * Format: uuid
       * @description The course; null once the course was deleted (its certificates stay)
       */
      courseId: string | null
      /** @description The course's title when the certificate was issued */
      courseTitle: string
      /** @description The course's instructor (their username) when the certificate was issued; null when it had none */
      instructor: string | null
      /**
       * Format: date-time
       * @description When the learner completed the course's last module
       */
      issuedAt: string
      /** @description Whether its holder keeps their certificates private (only they read it then) */
      private: boolean
    }
    MyCertificates: {
      /** @description 'Keep my certificates private' */
      private: boolean
      items: components['schemas']['Certificate'][]
    }
    CertificatePrivacy: {
      /** @description 'Keep my certificates private': on, their pages answer 404 to anyone but their holder */
      private: boolean
    }
  }
  responses: {
    /** @description The answer named in If-None-Match is still the current one for this caller: no body; ETag and Cache-Control as the 200 would have had them */
    NotModified: {
      headers: {
        ETag: components['headers']['ETag']
        'Cache-Control': components['headers']['CacheControl']
        [name: string]: unknown
      }
      content?: never
    }
    /** @description Invalid input: a parameter or body the schemas refuse, a body that is not valid JSON (also on a state-changing operation that takes no body), or a path that cannot be decoded */
    BadRequest: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Missing, invalid or expired token, or wrong credentials */
    Unauthorized: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The payment was declined */
    PaymentRequired: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The purchase could not be completed: a failure after the charge, which was refunded (500); the payment provider could not be reached, nothing was charged, or a refund has not gone through yet and is recorded (502) */
    PaymentFailed: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Wrong role or not the owner; on a state-changing request that carries the XSRF-TOKEN cookie, a missing or wrong X-XSRF-TOKEN header */
    Forbidden: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Unknown id; on a GET, also a path parameter longer than 100 characters (no route matches it) */
    NotFound: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Conflict with the current state */
    Conflict: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Body (BODY_LIMIT, also on an operation that takes no body) or file too large */
    TooLarge: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Not a video, or a content type other than the one documented (application/json, or multipart/form-data for uploads); a body without a Content-Type counts as one */
    UnsupportedMediaType: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description A path parameter longer than 100 characters (the router refuses it before any schema) */
    UriTooLong: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The range lies outside the file */
    RangeNotSatisfiable: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description Rate limited; see Retry-After */
    TooManyRequests: {
      headers: {
        'Retry-After'?: number
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
    /** @description The database is unreachable, or the server is shutting down */
    Unavailable: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['Problem']
      }
    }
  }
  parameters: {
    /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
    PageLimit: number
    /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
    PageCursor: components['schemas']['PageCursor']
    /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
    IfNoneMatch: string
    CourseId: components['schemas']['Id']
    UserId: components['schemas']['Id']
    ModuleId: components['schemas']['Id']
    VideoId: components['schemas']['Id']
    /** @description A chess.com username, compared case-insensitively */
    PlayerUsername: components['schemas']['PlayerUsername']
    /** @description A course review's id */
    ReviewId: components['schemas']['Id']
    PuzzleId: components['schemas']['PuzzleId']
  }
  requestBodies: never
  headers: {
    /** @description Names this answer. getCourses without parameters: a strong tag per content coding (identity, br, gzip) of the kept list, the same on every instance for the same data. Elsewhere: a weak tag (W/"...") hashed from the body this caller gets. Send it back in If-None-Match */
    ETag: string
    /** @description `no-cache` (a cache asks again each time, which a 304 makes cheap); `private, no-cache` when the answer may be one caller's (a secured operation, a request with a token or cookies, an answer setting a cookie) */
    CacheControl: string
  }
  pathItems: never
}
export type $defs = Record<string, never>
export interface operations {
  getHealth: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Healthy */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Health']
        }
      }
      503: components['responses']['Unavailable']
    }
  }
  register: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterInput']
      }
    }
    responses: {
      /** @description Account created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['User']
        }
      }
      400: components['responses']['BadRequest']
      403: components['responses']['Forbidden']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  login: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginInput']
      }
    }
    responses: {
      /** @description Logged in */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['LoginResponse']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  logout: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Logged out */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  logoutEverywhere: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Every session ended */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  requestPasswordReset: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetRequest']
      }
    }
    responses: {
      /** @description Accepted; a mail goes out when an account uses the email */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MailNotice']
        }
      }
      400: components['responses']['BadRequest']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  resetPassword: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetWithToken']
      }
    }
    responses: {
      /** @description Password changed; every session of the account has ended and its sign-in lock is cleared */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      /** @description The link has expired or was already used */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/problem+json': components['schemas']['Problem']
        }
      }
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  verifyEmail: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['MailToken']
      }
    }
    responses: {
      /** @description The address is verified (and, for a new address, now the account's email) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MailNotice']
        }
      }
      400: components['responses']['BadRequest']
      /** @description The link has expired or was already used */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/problem+json': components['schemas']['Problem']
        }
      }
      403: components['responses']['Forbidden']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  unsubscribeReviewReminders: {
    parameters: {
      query: {
        user: components['schemas']['Id']
        sig: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Review reminders are off for the account */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ReviewReminders']
        }
      }
      400: components['responses']['BadRequest']
      /** @description The link's signature is wrong */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/problem+json': components['schemas']['Problem']
        }
      }
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getCourses: {
    parameters: {
      query?: {
        /** @description Search: a course matches when every word of `q` starts a word of its title or description, or when its instructor's username starts with `q` (both case-insensitive; 'sicil najd' finds 'Sicilian Najdorf') */
        q?: string
        /** @description Order of the pages: newest first (default), title A to Z, or price lowest first */
        sort?: components['schemas']['CourseSort']
        /** @description Only courses costing at least this */
        minPrice?: components['schemas']['PriceBound']
        /** @description Only courses costing at most this (`maxPrice=0` lists the free courses) */
        maxPrice?: components['schemas']['PriceBound']
        /** @description Page size (default 20) */
        limit?: number
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same `sort` only) */
        cursor?: components['schemas']['CourseCursor']
      }
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Without parameters, every course, newest first; with any, one page of the catalogue */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course'][] | components['schemas']['CoursePage']
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      503: components['responses']['Unavailable']
    }
  }
  createCourse: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CourseInput']
      }
    }
    responses: {
      /** @description The new course */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getDraftCourses: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The caller's drafts, newest first */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course'][]
        }
      }
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      503: components['responses']['Unavailable']
    }
  }
  getCourse: {
    parameters: {
      query?: never
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The course */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course']
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  deleteCourse: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  updateCourse: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CoursePatch']
      }
    }
    responses: {
      /** @description The updated course */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getEnrolledCourses: {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: components['parameters']['UserId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Enrolled courses */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Course'][]
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getEnrolledStudents: {
    parameters: {
      query?: {
        /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
        limit?: components['parameters']['PageLimit']
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
        cursor?: components['parameters']['PageCursor']
      }
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Enrolled students; with `limit` or `cursor`, one page of them */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json':
            components['schemas']['EnrolledStudent'][] | components['schemas']['EnrolledStudentPage']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getCourseCurriculum: {
    parameters: {
      query?: never
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Module titles and descriptions in order */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CurriculumEntry'][]
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getCourseReviews: {
    parameters: {
      query?: {
        /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
        limit?: components['parameters']['PageLimit']
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
        cursor?: components['parameters']['PageCursor']
      }
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The course's rating and one page of its reviews */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CourseReviewPage']
        }
      }
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getMyCourseReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The caller's review and whether they may review the course */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MyCourseReview']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  saveMyCourseReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CourseReviewInput']
      }
    }
    responses: {
      /** @description The review, edited */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CourseReview']
        }
      }
      /** @description The review, created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CourseReview']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  replyToCourseReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A course review's id */
        reviewId: components['parameters']['ReviewId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CourseReviewReplyInput']
      }
    }
    responses: {
      /** @description The review with its reply */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CourseReview']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  removeCourseReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A course review's id */
        reviewId: components['parameters']['ReviewId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CourseReviewRemovalInput']
      }
    }
    responses: {
      /** @description Removed */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  reorderModules: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ModuleOrder']
      }
    }
    responses: {
      /** @description The modules in their new order */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Module'][]
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  enrollInCourse: {
    parameters: {
      query?: never
      header?: {
        /** @description Chosen by the client per purchase attempt; a retry with the same key never charges twice and answers the same order */
        'Idempotency-Key'?: components['schemas']['IdempotencyKey']
      }
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Already enrolled */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Enrollment']
        }
      }
      /** @description Enrolled */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Enrollment']
        }
      }
      /** @description With Stripe as the payment provider: a pending order whose payment the buyer makes on Stripe's hosted page at `url`; the order becomes paid when Stripe's webhook says so (the cart page follows it) */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CheckoutRedirect']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      402: components['responses']['PaymentRequired']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      500: components['responses']['PaymentFailed']
      502: components['responses']['PaymentFailed']
      503: components['responses']['Unavailable']
    }
  }
  getCourseProgress: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description One row per enrolled student */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['StudentProgress'][]
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getMyProgress: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description One entry per course */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CourseProgress'][]
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  saveModuleProgress: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ProgressInput']
      }
    }
    responses: {
      /** @description The module's progress as saved */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ModuleProgress']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  setModuleCompletion: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CompletionInput']
      }
    }
    responses: {
      /** @description The module's progress as saved */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ModuleProgress']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  recordLinePractice: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['LinePracticeInput']
      }
    }
    responses: {
      /** @description The line's review as scheduled now */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['LineReview']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getDueReviews: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The due lines */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ReviewQueue']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  getReviewSummary: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The count */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ReviewSummary']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  getReviewForecast: {
    parameters: {
      query?: {
        /** @description The caller's offset from UTC in minutes, east positive (Paris in winter: 60); 0 when absent */
        tzOffset?: number
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Seven days, today first */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ReviewForecast']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getDifficultMoves: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The moves */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['DifficultMoves']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  createModule: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ModuleInput']
      }
    }
    responses: {
      /** @description The created module */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Module']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getModulesByCourse: {
    parameters: {
      query?: never
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Modules in order */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Module'][]
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  deleteModule: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  updateModule: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ModulePatch']
      }
    }
    responses: {
      /** @description The updated module */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Module']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getPreviewModule: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The module, and its uploaded video (signed URLs) when it has one */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ModulePreview']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  recordModulePuzzle: {
    parameters: {
      query?: never
      header?: never
      path: {
        moduleId: components['parameters']['ModuleId']
        /** @description The puzzle's place in the module's set, from 0 to 99, in decimal digits */
        index: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PuzzleAttemptInput']
      }
    }
    responses: {
      /** @description The caller's results of the module's puzzles, as kept */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ModulePuzzleResults']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  uploadVideo: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['VideoUpload']
      }
    }
    responses: {
      /** @description The stored video */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Video']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getVideo: {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The video record */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Video']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  uploadCaptions: {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'multipart/form-data': components['schemas']['CaptionsUpload']
      }
    }
    responses: {
      /** @description The video, with its captions' signed URL */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Video']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  deleteCaptions: {
    parameters: {
      query?: never
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The video has no captions (any it had are deleted) */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  streamPoster: {
    parameters: {
      query: {
        /** @description Expiry, seconds since the epoch */
        exp: string
        /** @description HMAC-SHA256 of the video id and expiry, base64url */
        sig: string
      }
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The poster */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'image/jpeg': string
        }
      }
      400: components['responses']['BadRequest']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  streamCaptions: {
    parameters: {
      query: {
        /** @description Expiry, seconds since the epoch */
        exp: string
        /** @description HMAC-SHA256 of the video id and expiry, base64url */
        sig: string
      }
      header?: never
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The captions */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'text/vtt': string
        }
      }
      400: components['responses']['BadRequest']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  streamVideo: {
    parameters: {
      query: {
        /** @description Expiry, seconds since the epoch */
        exp: string
        /** @description HMAC-SHA256 of the video id and expiry, base64url */
        sig: string
      }
      header?: {
        Range?: string
      }
      path: {
        videoId: components['parameters']['VideoId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The whole file */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'video/*': string
        }
      }
      /** @description The requested byte range */
      206: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'video/*': string
        }
      }
      400: components['responses']['BadRequest']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      416: components['responses']['RangeNotSatisfiable']
      503: components['responses']['Unavailable']
    }
  }
  getMyProfile: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Own profile */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Profile']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  updateMyProfile: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ProfileUpdate']
      }
    }
    responses: {
      /** @description The saved bio, phone number and course visibility */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ProfileUpdate']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  changeMyPassword: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordChange']
      }
    }
    responses: {
      /** @description Password changed; every other session of the user has ended */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      /** @description The current password is wrong (or the XSRF check failed) */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/problem+json': components['schemas']['Problem']
        }
      }
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  changeMyEmail: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailChange']
      }
    }
    responses: {
      /** @description A link went to the new address */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MailNotice']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      /** @description The current password is wrong (or the XSRF check failed) */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/problem+json': components['schemas']['Problem']
        }
      }
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  resendVerificationEmail: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description A link went to the account's email (nothing is sent when it is verified already) */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MailNotice']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  setReviewReminders: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['ReviewReminders']
      }
    }
    responses: {
      /** @description The saved setting */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['ReviewReminders']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getProfile: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Public profile */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PublicProfile']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getUsers: {
    parameters: {
      query?: {
        /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
        limit?: components['parameters']['PageLimit']
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
        cursor?: components['parameters']['PageCursor']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Users, oldest first; with `limit` or `cursor`, one page of them */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['UserSummary'][] | components['schemas']['UserPage']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      503: components['responses']['Unavailable']
    }
  }
  updateUserRole: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['RoleChange']
      }
    }
    responses: {
      /** @description The user with the new role */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['UserSummary']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  setUserPassword: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordReset']
      }
    }
    responses: {
      /** @description Password set; the user's sessions have ended */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getUserRank: {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: components['parameters']['UserId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Rank */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Rank']
        }
      }
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getPlayerFollowers: {
    parameters: {
      query?: {
        /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
        limit?: components['parameters']['PageLimit']
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
        cursor?: components['parameters']['PageCursor']
        /** @description Only this user's follow record (an empty page when they do not follow the player) */
        userId?: components['schemas']['Id']
      }
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Followers, oldest first; with `limit`, `cursor` or `userId`, one page of them */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Follower'][] | components['schemas']['FollowerPage']
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getPlayerComments: {
    parameters: {
      query?: {
        /** @description Page size (default 20) */
        limit?: number
        /** @description Cursor: the page after this comment, written as its `createdAt` and `_id` joined by `_` (the last comment of the previous page) */
        before?: components['schemas']['CommentCursor']
      }
      header?: {
        /** @description ETags of answers the client holds, as the server sent them in ETag (browsers send this by themselves). When one of them (compared weakly), or `*`, names the answer the caller would get now, the answer is 304 with no body */
        'If-None-Match'?: components['parameters']['IfNoneMatch']
      }
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Comments, newest first; fewer than `limit` means the last page */
      200: {
        headers: {
          ETag: components['headers']['ETag']
          'Cache-Control': components['headers']['CacheControl']
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Comment'][]
        }
      }
      304: components['responses']['NotModified']
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  followPlayer: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['FollowInput']
      }
    }
    responses: {
      /** @description Already following */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Follower']
        }
      }
      /** @description Now following */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Follower']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  unfollowPlayer: {
    parameters: {
      query?: never
      header?: never
      path: {
        /** @description A chess.com username, compared case-insensitively */
        username: components['parameters']['PlayerUsername']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Not following any more */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  commentPlayer: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CommentInput']
      }
    }
    responses: {
      /** @description The stored comment */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Comment']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  deleteComment: {
    parameters: {
      query?: never
      header?: never
      path: {
        commentId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getCart: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The cart */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Cart']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  addToCart: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CartItemInput']
      }
    }
    responses: {
      /** @description The cart */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Cart']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  removeFromCart: {
    parameters: {
      query?: never
      header?: never
      path: {
        courseId: components['parameters']['CourseId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The cart */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Cart']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  checkout: {
    parameters: {
      query?: never
      header?: {
        /** @description Chosen by the client per purchase attempt; a retry with the same key never charges twice and answers the same order */
        'Idempotency-Key'?: components['schemas']['IdempotencyKey']
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The recorded order */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Order']
        }
      }
      /** @description With Stripe as the payment provider: a pending order whose payment the buyer makes on Stripe's hosted page at `url`; the order becomes paid when Stripe's webhook says so (the cart page follows it) */
      202: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CheckoutRedirect']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      402: components['responses']['PaymentRequired']
      403: components['responses']['Forbidden']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      500: components['responses']['PaymentFailed']
      502: components['responses']['PaymentFailed']
      503: components['responses']['Unavailable']
    }
  }
  listMyGames: {
    parameters: {
      query?: {
        /** @description Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
        limit?: components['parameters']['PageLimit']
        /** @description The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
        cursor?: components['parameters']['PageCursor']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description One page of the caller's games, newest first */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['GamePage']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  saveGame: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['GameInput']
      }
    }
    responses: {
      /** @description Already kept under this key */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Game']
        }
      }
      /** @description Kept */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Game']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getGame: {
    parameters: {
      query?: never
      header?: never
      path: {
        gameId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The game */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Game']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  deleteGame: {
    parameters: {
      query?: never
      header?: never
      path: {
        gameId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getNextPuzzle: {
    parameters: {
      query?: {
        theme?: components['schemas']['PuzzleTheme']
        difficulty?: components['schemas']['PuzzleDifficulty']
        /** @description The puzzle just shown, never answered again (a visitor's 'next') */
        after?: components['schemas']['PuzzleId']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description A puzzle */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Puzzle']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      503: components['responses']['Unavailable']
    }
  }
  getDailyPuzzle: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The puzzle of the day */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Puzzle']
        }
      }
      404: components['responses']['NotFound']
      503: components['responses']['Unavailable']
    }
  }
  getPuzzleStats: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The counts */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PuzzleStats']
        }
      }
      503: components['responses']['Unavailable']
    }
  }
  getMyPuzzleRating: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The caller's puzzle rating */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PuzzleRating']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  getPuzzle: {
    parameters: {
      query?: never
      header?: never
      path: {
        puzzleId: components['parameters']['PuzzleId']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The puzzle */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Puzzle']
        }
      }
      400: components['responses']['BadRequest']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  recordPuzzleAttempt: {
    parameters: {
      query?: never
      header?: never
      path: {
        puzzleId: components['parameters']['PuzzleId']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PuzzleAttemptInput']
      }
    }
    responses: {
      /** @description The attempt, and the caller's puzzle rating after it */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PuzzleAttemptResult']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  keepGameMistakes: {
    parameters: {
      query?: never
      header?: never
      path: {
        gameId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['GameMistakesInput']
      }
    }
    responses: {
      /** @description How many personal puzzles were added, and how many the game has now */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['GameMistakesResult']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getDuePuzzles: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The due puzzles */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['DuePuzzles']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  recordPuzzleReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        reviewPuzzleId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['PuzzleReviewInput']
      }
    }
    responses: {
      /** @description When the puzzle is next due */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PuzzleReviewResult']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      429: components['responses']['TooManyRequests']
      503: components['responses']['Unavailable']
    }
  }
  getPaymentProvider: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The provider in use */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['PaymentProviderInfo']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  receiveStripeEvent: {
    parameters: {
      query?: never
      header?: {
        'Stripe-Signature'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          id?: string
          type?: string
          data?: Record<string, never>
        }
      }
    }
    responses: {
      /** @description The event is handled (or was already, or is of no concern to the product) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['WebhookReceipt']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
  getOrders: {
    parameters: {
      query?: {
        status?: components['schemas']['OrderStatus']
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The newest 500 orders (of that state) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OrderDetail'][]
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      503: components['responses']['Unavailable']
    }
  }
  getMyOrders: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The caller's orders */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OrderDetail'][]
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  getOrder: {
    parameters: {
      query?: never
      header?: never
      path: {
        orderId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The order */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OrderDetail']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  refundOrder: {
    parameters: {
      query?: never
      header?: never
      path: {
        orderId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The refunded order */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['OrderDetail']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      404: components['responses']['NotFound']
      409: components['responses']['Conflict']
      413: components['responses']['TooLarge']
      414: components['responses']['UriTooLong']
      415: components['responses']['UnsupportedMediaType']
      502: components['responses']['PaymentFailed']
      503: components['responses']['Unavailable']
    }
  }
  getEarnings: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Per instructor, per course, and the totals */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['InstructorEarnings'][]
        }
      }
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      503: components['responses']['Unavailable']
    }
  }
  getCertificate: {
    parameters: {
      query?: never
      header?: never
      path: {
        certificateId: components['schemas']['Id']
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The certificate, as it was issued */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Certificate']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      404: components['responses']['NotFound']
      414: components['responses']['UriTooLong']
      503: components['responses']['Unavailable']
    }
  }
  getMyCertificates: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The caller's certificates */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['MyCertificates']
        }
      }
      401: components['responses']['Unauthorized']
      503: components['responses']['Unavailable']
    }
  }
  setCertificatePrivacy: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['CertificatePrivacy']
      }
    }
    responses: {
      /** @description The saved setting */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['CertificatePrivacy']
        }
      }
      400: components['responses']['BadRequest']
      401: components['responses']['Unauthorized']
      403: components['responses']['Forbidden']
      413: components['responses']['TooLarge']
      415: components['responses']['UnsupportedMediaType']
      503: components['responses']['Unavailable']
    }
  }
}
