package nn

import "golang.org/x/sys/cpu"

//go:generate sh -c "go run gemm_gen.go > gemm_amd64.s"

// haveAsm says whether the AVX2+FMA kernels of gemm_amd64.s can run.
var haveAsm = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// The assembly kernels (gemm_amd64.s, written by gemm_gen.go).

//go:noescape
func sgemmKernel1(p *gemmArgs)

//go:noescape
func sgemmKernel2(p *gemmArgs)

//go:noescape
func sgemmKernel3(p *gemmArgs)

//go:noescape
func sgemmKernel4(p *gemmArgs)

//go:noescape
func sgemmKernel5(p *gemmArgs)

//go:noescape
func sgemmKernel6(p *gemmArgs)

//go:noescape
func activateRows(p *actArgs)

//go:noescape
func poolChannels(p *poolArgs)

//go:noescape
func winoInput(p *winoArgs)

//go:noescape
func winoOutput(p *winoArgs)

//go:noescape
func winoOutputReLU(p *winoArgs)

//go:noescape
func winoOutputRes(p *winoArgs)

//go:noescape
func winoOutputResReLU(p *winoArgs)

// sgemmKernel computes the mr×gemmNR block that p describes.
func sgemmKernel(mr int, p *gemmArgs) {
	switch mr {
	case 1:
		sgemmKernel1(p)
	case 2:
		sgemmKernel2(p)
	case 3:
		sgemmKernel3(p)
	case 4:
		sgemmKernel4(p)
	case 5:
		sgemmKernel5(p)
	default:
		sgemmKernel6(p)
	}
}

// winoOutputAsm runs the output transform variant for res and relu.
func winoOutputAsm(p *winoArgs, res, relu bool) {
	switch {
	case res && relu:
		winoOutputResReLU(p)
	case res:
		winoOutputRes(p)
	case relu:
		winoOutputReLU(p)
	default:
		winoOutput(p)
	}
}
