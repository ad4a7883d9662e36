// Texts of reading an uploaded file (an Artisan profile, a green-lot CSV) in the server's worker
// (docs/decisions/0040-untrusted-files-in-a-worker.md): the requests of both imports answer them;
// no screen imports them, so they stay out of messages.ts, which the login and home load.

export const fileReadingMessages = {
  busy: 'El servidor está revisando otros archivos: espera unos segundos y vuelve a intentarlo.',
  tooSlow: (seconds: number) => `El archivo tarda demasiado en leerse (más de ${seconds} s): revisa que sea el archivo correcto.`,
  tooMuchMemory: 'El archivo necesita demasiada memoria para leerse: revisa que sea el archivo correcto.',
  stopped: 'El servidor se está deteniendo: vuelve a intentarlo en unos segundos.',
} as const;
