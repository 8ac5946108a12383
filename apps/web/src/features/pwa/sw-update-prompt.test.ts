import { describe, expect, it, vi } from 'vitest';
import { watchForUpdates } from './sw-update-prompt';

/** A worker the test moves through its states. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** The browser found a new sw.js and starts installing it. */
  find(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp({
  controlled,
  answer,
  waitingBuild = 'build-2',
}: {
  controlled: boolean;
  answer: boolean;
  waitingBuild?: string;
}) {
  const registration = new FakeRegistration();
  const container = new FakeContainer(controlled ? new FakeWorker() : null);
  const prompt = {
    pageBuild: 'build-1',
    identify: vi.fn(() => Promise.resolve<string | null>(waitingBuild)),
    ask: vi.fn(() => Promise.resolve(answer)),
    reload: vi.fn(),
  };
  return { registration, container, prompt };
}

function watch({ registration, container, prompt }: ReturnType<typeof setUp>) {
  watchForUpdates(
    registration as unknown as ServiceWorkerRegistration,
    container as unknown as ServiceWorkerContainer,
    prompt,
  );
}

describe('new version prompt', () => {
  it('asks once a new worker is installed behind the one in control; confirm skips waiting, then reloads once', async () => {
    const setup = setUp({ controlled: true, answer: true });
    watch(setup);
    const worker = setup.registration.find();
    expect(setup.prompt.ask).not.toHaveBeenCalled();
    worker.moveTo('installed');
    await flush();
    expect(setup.prompt.ask).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(setup.prompt.reload).not.toHaveBeenCalled();
    setup.container.dispatchEvent(new Event('controllerchange'));
    setup.container.dispatchEvent(new Event('controllerchange'));
    expect(setup.prompt.reload).toHaveBeenCalledTimes(1);
  });

  it('asks at once for a worker already waiting when the page opens', async () => {
    const setup = setUp({ controlled: true, answer: true });
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    setup.registration.waiting = waiting;
    watch(setup);
    await flush();
    expect(setup.prompt.ask).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('asks nothing when the page already runs the waiting build: that worker just takes over, no reload', async () => {
    const setup = setUp({ controlled: true, answer: true, waitingBuild: 'build-1' });
    watch(setup);
    const worker = setup.registration.find();
    worker.moveTo('installed');
    await flush();
    expect(setup.prompt.identify).toHaveBeenCalledWith(worker);
    expect(setup.prompt.ask).not.toHaveBeenCalled();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    setup.container.dispatchEvent(new Event('controllerchange'));
    expect(setup.prompt.reload).not.toHaveBeenCalled();
  });

  it('asks when the waiting worker does not say its build', async () => {
    const setup = setUp({ controlled: true, answer: false });
    setup.prompt.identify.mockResolvedValue(null);
    watch(setup);
    setup.registration.find().moveTo('installed');
    await flush();
    expect(setup.prompt.ask).toHaveBeenCalledTimes(1);
  });

  it('on cancel leaves the new worker waiting for the next visit and does not reload', async () => {
    const setup = setUp({ controlled: true, answer: false });
    watch(setup);
    const worker = setup.registration.find();
    worker.moveTo('installed');
    await flush();
    expect(setup.prompt.ask).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).not.toHaveBeenCalled();
    setup.container.dispatchEvent(new Event('controllerchange'));
    expect(setup.prompt.reload).not.toHaveBeenCalled();
  });

  it('asks nothing on the first install (no worker in control yet)', async () => {
    const setup = setUp({ controlled: false, answer: true });
    watch(setup);
    const worker = setup.registration.find();
    worker.moveTo('installed');
    worker.moveTo('activating');
    worker.moveTo('activated');
    setup.container.dispatchEvent(new Event('controllerchange'));
    await flush();
    expect(setup.prompt.ask).not.toHaveBeenCalled();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(setup.prompt.reload).not.toHaveBeenCalled();
  });
});
