/** The SFU's rooms as browsers reach them: signalling on the API's socket, ICE servers per connection. */
export {
  createShowMediaSignalling,
  type ShowMediaAuthorization,
  type ShowMediaCaller,
  type ShowMediaRole,
  type ShowMediaSignalling,
  type ShowMediaSignallingDeps,
} from './signalling';
export { showIceConfig } from './media-ice';
