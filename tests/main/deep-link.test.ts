import { describe, expect, it } from 'vitest';
import { findDeepLink, parseDeepLink } from '../../src/main/deep-links/deep-link';

describe('mathema:// deep links', () => {
  it.each([
    ['mathema://teacher/4/session/12', '/teacher/4/session/12'],
    ['mathema:///teacher/4/session/12', '/teacher/4/session/12'],
    ['mathema://student/7/task/3/', '/student/7/task/3'],
    ['mathema://admin/1/students?search=maria', '/admin/1/students?search=maria'],
    ['mathema://', '/'],
  ])('open %s as the route %s', (link, route) => {
    expect(parseDeepLink(link)).toBe(route);
  });

  it.each([
    'https://mathema.school.gr/teacher/4',
    'mathemax://teacher/4',
    'mathema://user:pw@teacher/4',
    'mathema://teacher:8080/4',
    'mathema://student/../../etc/passwd',
    'mathema://student/%2e%2e/admin',
    'mathema://student/7#<script>',
    'not a link',
  ])('refuse %s', (link) => {
    expect(parseDeepLink(link)).toBeNull();
  });

  it('find the link among the arguments Windows and Linux start the app with', () => {
    expect(findDeepLink(['C:\\Mathema\\Mathema.exe', '--flag', 'mathema://student/7/grades'])).toBe(
      '/student/7/grades',
    );
    expect(findDeepLink(['/opt/Mathema/mathema'])).toBeNull();
  });
});
