//go:build !amd64

package nn

// haveAsm is false: there are assembly kernels for amd64 only.
const haveAsm = false

func sgemmKernel(mr int, p *gemmArgs) { panic("nn: no assembly kernels") }

func winoInput(p *winoArgs) { panic("nn: no assembly kernels") }

func winoOutputAsm(p *winoArgs, res, relu bool) { panic("nn: no assembly kernels") }

func activateRows(p *actArgs) { panic("nn: no assembly kernels") }

func poolChannels(p *poolArgs) { panic("nn: no assembly kernels") }
