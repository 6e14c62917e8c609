/**
 * The control page's script (/probe.js): proves that the policy the test page is served with is
 * enforced, so that a clean test page means something. probe.html also holds an inline script,
 * which must be refused; this script checks that eval is refused too.
 */
declare global {
  interface Window {
    inlineScriptRan?: boolean
  }
}

const violations: string[] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(event.effectiveDirective)
})

let evalRefused = false
try {
  new Function('return 1')()
} catch (error) {
  evalRefused = error instanceof EvalError
}

window.addEventListener('load', () => {
  // Violation events are queued as tasks: give them a moment (at most 2 s) to arrive.
  const started = Date.now()
  const report = (): void => {
    if (violations.length < 2 && Date.now() - started < 2000) {
      setTimeout(report, 20)
      return
    }
    const output = document.getElementById('report')
    if (output !== null) {
      output.textContent = JSON.stringify({
        inlineScriptRan: window.inlineScriptRan === true,
        evalRefused,
        violations,
      })
    }
    document.body.dataset.state = 'done'
  }
  report()
})

export {}
