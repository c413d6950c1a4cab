// jsdom lacks the encoders react-router needs at import; Node's are the same standard ones.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
