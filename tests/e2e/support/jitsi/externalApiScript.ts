// The stand-in's external_api.js: a JitsiMeetExternalAPI with the constructor, on(),
// executeCommand() and dispose() of the real one (../shared/integrations.md). Its frame loads
// the meeting page of the room (`?jwt=` as the real one passes it); once loaded it emits
// videoConferenceJoined. Commands emit what a meeting would: hangup -> videoConferenceLeft
// and readyToClose; startRecording -> recordingStatusChanged {on: true}; stopRecording ->
// recordingStatusChanged {on: false} and recordingLinkAvailable. Tests reach every instance
// through window.__jitsiStandIn (options, commands, emit()).

export const STAND_IN_EXTERNAL_API = String.raw`
(function () {
  var registry = (window.__jitsiStandIn = window.__jitsiStandIn || { instances: [] });
  function StandInApi(domain, options) {
    var self = this;
    this.domain = domain;
    this.options = {
      roomName: options.roomName,
      jwt: options.jwt,
      lang: options.lang,
      configOverwrite: options.configOverwrite,
      interfaceConfigOverwrite: options.interfaceConfigOverwrite,
    };
    this.listeners = {};
    this.commands = [];
    this.disposed = false;
    var frame = document.createElement('iframe');
    frame.title = 'Meeting ' + options.roomName;
    frame.allow = 'camera; microphone; display-capture';
    frame.style.border = '0';
    frame.style.width = options.width || '100%';
    frame.style.height = options.height || '100%';
    frame.src = 'https://' + domain + '/' + encodeURIComponent(options.roomName) +
      (options.jwt ? '?jwt=' + encodeURIComponent(options.jwt) : '') + '#lang=' + (options.lang || 'en');
    frame.addEventListener('load', function () {
      if (self.disposed) return;
      self.emit('videoConferenceJoined', { roomName: options.roomName, id: 'local', displayName: '' });
    });
    options.parentNode.appendChild(frame);
    this.frame = frame;
    registry.instances.push(this);
    registry.last = this;
  }
  StandInApi.prototype.on = function (event, listener) {
    (this.listeners[event] = this.listeners[event] || []).push(listener);
  };
  StandInApi.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (listener) { listener(payload || {}); });
  };
  StandInApi.prototype.executeCommand = function (command) {
    var args = Array.prototype.slice.call(arguments, 1);
    this.commands.push({ command: command, args: args });
    var self = this;
    setTimeout(function () {
      if (command === 'hangup') {
        self.emit('videoConferenceLeft', { roomName: self.options.roomName });
        self.emit('readyToClose', {});
      } else if (command === 'startRecording') {
        self.emit('recordingStatusChanged', { on: true, mode: 'file' });
      } else if (command === 'stopRecording') {
        self.emit('recordingStatusChanged', { on: false, mode: 'file' });
        self.emit('recordingLinkAvailable', {
          link: 'https://' + self.domain + '/recordings/' + self.options.roomName + '.mp4',
          ttl: 86400,
        });
      }
    }, 50);
  };
  StandInApi.prototype.dispose = function () {
    this.disposed = true;
    if (this.frame && this.frame.parentNode) this.frame.parentNode.removeChild(this.frame);
  };
  window.JitsiMeetExternalAPI = StandInApi;
})();
`;
