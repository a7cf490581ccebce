// Web test calls (features/calls): hands each block of microphone samples to the page, which
// downsamples it to 8 kHz μ-law for the call's media WebSocket.
class CaptureProcessor extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor('calls-capture', CaptureProcessor);
