import { createMemoryRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { DocumentTitle } from '@/app/DocumentTitle'
import { lazyPage, type LazyPage } from '@/app/lazyPage'
import type { ShellPath } from '@/app/shell/shellPages'
import { useIsolatedDocuments } from '@/app/useIsolatedDocuments'
import { ErrorView, NOT_FOUND, RouteBoundary, RouteError } from '@/app/RouteError'
import { RequireAdmin } from '@/features/auth/RequireAdmin'
import { Layout } from '@/features/layout/Layout'

// Every page is its own chunk: the board, the video player and admin code load only where used.
const HomePage = lazyPage(() => import('@/features/home/HomePage'))
const PlayerPage = lazyPage(() => import('@/features/player/PlayerPage'))
const TitlePage = lazyPage(() => import('@/features/titles/TitlePage'))
const BlogPage = lazyPage(() => import('@/features/blog/BlogPage'))
const CoursesPage = lazyPage(() => import('@/features/courses/CoursesPage'))
const ModulesPage = lazyPage(() => import('@/features/modules/ModulesPage'))
const LessonPage = lazyPage(() => import('@/features/modules/LessonPage'))
const AdminPage = lazyPage(() => import('@/features/admin/AdminPage'))
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage'))
const RegisterPage = lazyPage(() => import('@/features/auth/RegisterPage'))
// The pages of mailed links share one chunk (their endpoints and texts stay out of the shared one).
const mailPage = (name: keyof typeof import('@/features/auth/mailPages')) =>
  lazyPage(() => import('@/features/auth/mailPages').then((pages) => ({ default: pages[name] })))
const ForgotPasswordPage = mailPage('ForgotPasswordPage')
const ResetPasswordPage = mailPage('ResetPasswordPage')
const VerifyEmailPage = mailPage('VerifyEmailPage')
const UnsubscribePage = mailPage('UnsubscribePage')
const CartPage = lazyPage(() => import('@/features/cart/CartPage'))
const ProfilePage = lazyPage(() => import('@/features/profile/ProfilePage'))
const ReviewPage = lazyPage(() => import('@/features/review/ReviewPage'))
const AnalysisPage = lazyPage(() => import('@/features/analysis/AnalysisPage'))
const ReceiptPage = lazyPage(() => import('@/features/orders/ReceiptPage'))
const StudioPage = lazyPage(() => import('@/features/courses/StudioPage'))
const PuzzlesPage = lazyPage(() => import('@/features/puzzles/PuzzlesPage'))
const CertificatePage = lazyPage(() => import('@/features/certificates/CertificatePage'))

// The page's own boundary shows the error page inside the layout, with or without a data router.
const page = (path: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RouteBoundary>{element}</RouteBoundary>,
  errorElement: <RouteError />,
})

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <DocumentTitle />
        <Layout />
      </>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      page('home', <HomePage />),
      page('player/:username', <PlayerPage />),
      page('title/:title', <TitlePage />),
      page('courses', <CoursesPage />),
      page('courses/:courseId/modules', <ModulesPage />),
      page('courses/:courseId/modules/:moduleId', <LessonPage />),
      page('studio', <StudioPage />),
      page(
        'admin',
        <RequireAdmin>
          <AdminPage />
        </RequireAdmin>,
      ),
      page('blog', <BlogPage />),
      page('login', <LoginPage />),
      page('register', <RegisterPage />),
      page('forgot-password', <ForgotPasswordPage />),
      page('reset-password', <ResetPasswordPage />),
      page('verify-email', <VerifyEmailPage />),
      page('unsubscribe', <UnsubscribePage />),
      page('cart', <CartPage />),
      page('profile', <ProfilePage />),
      page('profile/:id', <ProfilePage />),
      page('review', <ReviewPage />),
      page('analysis', <AnalysisPage />),
      page('puzzles', <PuzzlesPage />),
      page('puzzles/:puzzleId', <PuzzlesPage />),
      page('orders/:orderId', <ReceiptPage />),
      page('certificates/:certificateId', <CertificatePage />),
      // An unknown address: the error page inside the layout, navigation included.
      { path: '*', element: <ErrorView error={NOT_FOUND} /> },
    ],
  },
]

/**
 * The app's routes for a plain <BrowserRouter>: the data router (createBrowserRouter) would add ~16 KB gzip
 * to every first visit for features the app does not use (loaders, actions, fetchers). An unknown address
 * shows the same error page a data router shows. A move into or out of /analysis loads it as a new document
 * (useIsolatedDocuments), the page shown until then.
 */
export function AppRoutes() {
  const element = useRoutes(routes, useIsolatedDocuments())
  return <RouteBoundary>{element ?? <ErrorView error={NOT_FOUND} />}</RouteBoundary>
}

/** The page components of the prerendered pages (src/app/shell/shellPages.ts), to load before the app replaces them. */
export const SHELL_PAGE_COMPONENTS: Record<ShellPath, LazyPage> = {
  '/home': HomePage,
  '/courses': CoursesPage,
}

export const createTestRouter = (url: string) => createMemoryRouter(routes, { initialEntries: [url] })
