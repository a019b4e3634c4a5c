// The shared rules (domain/rules.ts): what the server enforces and the SPA shows.
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Role as ContractRole } from '@/api/generated/api'
import {
  asCaller,
  canAdministerUsers,
  canBuyCourses,
  canCreateCourse,
  canManageCourse,
  canReadModules,
  formatMoney,
  removesLastAdmin,
  ROLES,
  sumPrices,
  type Role,
} from '@domain/rules'

const admin = { id: 'a', role: 'admin' } as const
const owner = { id: 'i1', role: 'instructor' } as const
const otherInstructor = { id: 'i2', role: 'instructor' } as const
const student = { id: 's', role: 'student' } as const

describe('roles', () => {
  it("are the contract's roles, in the admin page's order", () => {
    expect(ROLES).toEqual(['student', 'instructor', 'admin'])
    expectTypeOf<Role>().toEqualTypeOf<ContractRole>()
  })

  it('reads a wire user (_id) as a caller', () => {
    expect(asCaller({ _id: 'x', role: 'student' })).toEqual({ id: 'x', role: 'student' })
    expect(asCaller(null)).toBeNull()
  })
})

describe('courses and modules', () => {
  it('lets instructors and admins create courses', () => {
    expect([admin, owner, student, null].map(canCreateCourse)).toEqual([true, true, false, false])
  })

  it("lets the course's own instructor and admins edit a course and its modules", () => {
    expect(canManageCourse(admin, 'i1')).toBe(true)
    expect(canManageCourse(owner, 'i1')).toBe(true)
    expect(canManageCourse(otherInstructor, 'i1')).toBe(false)
    expect(canManageCourse({ id: 'i1', role: 'student' }, 'i1')).toBe(false)
    expect(canManageCourse(null, 'i1')).toBe(false)
  })

  it('leaves a course without an instructor to admins', () => {
    expect(canManageCourse(admin, null)).toBe(true)
    expect(canManageCourse(owner, null)).toBe(false)
    expect(canManageCourse(owner, undefined)).toBe(false)
  })

  it("shows 'View Modules' to enrolled students, instructors and admins", () => {
    expect(canReadModules(student, true)).toBe(true)
    expect(canReadModules(student, false)).toBe(false)
    expect(canReadModules(otherInstructor, false)).toBe(true)
    expect(canReadModules(admin, false)).toBe(true)
    expect(canReadModules(null, true)).toBe(false)
  })

  it('lets students buy and enroll, nobody else', () => {
    expect([student, owner, admin, null].map(canBuyCourses)).toEqual([true, false, false, false])
  })
})

describe('users', () => {
  it('are administered by admins only', () => {
    expect([admin, owner, student, null].map(canAdministerUsers)).toEqual([true, false, false, false])
  })

  it('never lose their last admin', () => {
    expect(removesLastAdmin('admin', 'student', 1)).toBe(true)
    expect(removesLastAdmin('admin', 'instructor', 1)).toBe(true)
    expect(removesLastAdmin('admin', 'student', 2)).toBe(false)
    expect(removesLastAdmin('admin', 'admin', 1)).toBe(false)
    expect(removesLastAdmin('student', 'instructor', 1)).toBe(false)
  })
})

describe('money', () => {
  it('adds prices in whole cents, without float drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3) // what a plain float sum gives
    expect(sumPrices([0.1, 0.2])).toBe(0.3)
    expect(sumPrices([19.99, 19.99, 19.99])).toBe(59.97) // 19.99 × 3
    expect(1.1 + 2.2).not.toBe(3.3)
    expect(sumPrices([1.1, 2.2])).toBe(3.3)
    expect(0.7 + 0.1).not.toBe(0.8)
    expect(sumPrices([0.7, 0.1])).toBe(0.8)
    expect(sumPrices([19.99, 5])).toBe(24.99)
    expect(sumPrices([])).toBe(0)
  })

  it('shows amounts with a $ sign and 2 decimals', () => {
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(10)).toBe('$10.00')
    expect(formatMoney(sumPrices([0.1, 0.2]))).toBe('$0.30')
    expect(formatMoney(sumPrices([19.99, 19.99, 19.99]))).toBe('$59.97')
  })
})
