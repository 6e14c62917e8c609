import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'
import { mswBackends } from '../support/httpBackends'
import { describeHttpTransportScenarios } from '../support/httpTransportScenarios'

// The same scenarios with the network mocked by msw, the way an application's own tests would
// exercise this transport (cross-fetch runs on node-fetch, which msw intercepts).
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describeHttpTransportScenarios(mswBackends(server), 'cross-fetch', undefined)
