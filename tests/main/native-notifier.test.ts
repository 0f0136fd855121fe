import { describe, expect, it, vi } from 'vitest';
import { createNativeNotifier } from '../../src/main/notifications/native-notifier';

class FakeNotification {
  static supported = true;
  static shown: FakeNotification[] = [];
  static isSupported = () => FakeNotification.supported;
  private readonly handlers = new Map<string, () => void>();
  constructor(readonly options: { title: string; body: string }) {}
  show() {
    FakeNotification.shown.push(this);
  }
  on(event: string, listener: () => void) {
    this.handlers.set(event, listener);
    return this;
  }
  fire(event: 'click' | 'close') {
    this.handlers.get(event)?.();
  }
}

function setup() {
  FakeNotification.shown = [];
  FakeNotification.supported = true;
  const focusApp = vi.fn();
  const navigate = vi.fn();
  const notifier = createNativeNotifier({ Notification: FakeNotification, focusApp, navigate });
  return { notifier, focusApp, navigate };
}

describe('native notifications', () => {
  it('show the title and text', () => {
    const { notifier } = setup();
    notifier.show({ title: 'New task', body: 'Algebra worksheet', route: '/student/7/task/3' });
    expect(FakeNotification.shown.map((each) => each.options)).toEqual([
      { title: 'New task', body: 'Algebra worksheet' },
    ]);
  });

  it('focus the app and open the entity when clicked', () => {
    const { notifier, focusApp, navigate } = setup();
    notifier.show({ title: 'Message', body: 'Hello', route: '/teacher/4/message/9' });
    expect(navigate).not.toHaveBeenCalled();
    FakeNotification.shown[0]?.fire('click');
    expect(focusApp).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/teacher/4/message/9');
  });

  it('only focus the app for a notification without a route', () => {
    const { notifier, focusApp, navigate } = setup();
    notifier.show({ title: 'Hi', body: '' });
    FakeNotification.shown[0]?.fire('click');
    expect(focusApp).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/x',
    'javascript:alert(1)',
    '/student/../../etc',
  ])('never route to %s', (route) => {
    const { notifier, navigate } = setup();
    notifier.show({ title: 'x', body: 'y', route });
    FakeNotification.shown[0]?.fire('click');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('hold each notification until it is clicked or closed, so its click handler survives', () => {
    const { notifier } = setup();
    notifier.show({ title: 'a', body: '' });
    notifier.show({ title: 'b', body: '' });
    expect(notifier.pendingCount()).toBe(2);
    FakeNotification.shown[0]?.fire('click');
    FakeNotification.shown[1]?.fire('close');
    expect(notifier.pendingCount()).toBe(0);
  });

  it('do nothing where the OS has no notifications', () => {
    const { notifier } = setup();
    FakeNotification.supported = false;
    notifier.show({ title: 'a', body: '' });
    expect(FakeNotification.shown).toEqual([]);
  });
});
