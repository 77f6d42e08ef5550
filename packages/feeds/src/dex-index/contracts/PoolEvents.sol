// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Test pools that emit exactly the events of real AMM pools (same signatures, same indexed parameters),
// driven by the test with the amounts it wants to see indexed. They hold no tokens and do no math.

contract UniswapV3PoolEvents {
    event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick);
    event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1);
    event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1);

    function swap(address recipient, int256 amount0, int256 amount1) external {
        emit Swap(msg.sender, recipient, amount0, amount1, 1 << 96, 1e18, 0);
    }

    function mint(address owner, uint256 amount0, uint256 amount1) external {
        emit Mint(msg.sender, owner, -887220, 887220, 1e18, amount0, amount1);
    }

    function burn(uint256 amount0, uint256 amount1) external {
        emit Burn(msg.sender, -887220, 887220, 1e18, amount0, amount1);
    }
}

contract PancakeV3PoolEvents {
    event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1);
    event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1);
    event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1);

    function swap(address recipient, int256 amount0, int256 amount1) external {
        emit Swap(msg.sender, recipient, amount0, amount1, 1 << 96, 1e18, 0, 1, 1);
    }

    function mint(address owner, uint256 amount0, uint256 amount1) external {
        emit Mint(msg.sender, owner, -100, 100, 1e18, amount0, amount1);
    }

    function burn(uint256 amount0, uint256 amount1) external {
        emit Burn(msg.sender, -100, 100, 1e18, amount0, amount1);
    }
}

contract UniswapV2PairEvents {
    event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);

    function swap(uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address to) external {
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    function mint(uint256 amount0, uint256 amount1) external {
        emit Mint(msg.sender, amount0, amount1);
    }

    function burn(uint256 amount0, uint256 amount1, address to) external {
        emit Burn(msg.sender, amount0, amount1, to);
    }
}

contract KlayswapPoolEvents {
    event ExchangePos(address tokenA, uint256 amountA, address tokenB, uint256 amountB);
    event ExchangeNeg(address tokenA, uint256 amountA, address tokenB, uint256 amountB);
    event AddLiquidity(address user, address tokenA, uint256 amountA, address tokenB, uint256 amountB, uint256 liquidity);
    event RemoveLiquidity(address user, address tokenA, uint256 amountA, address tokenB, uint256 amountB, uint256 liquidity);

    address public tokenA;
    address public tokenB;

    constructor(address a, address b) {
        tokenA = a;
        tokenB = b;
    }

    // The input token comes first in both exchange events, as in KLAYswap's pools.
    function exchangePos(address tokenIn, uint256 amountIn, uint256 amountOut) external {
        emit ExchangePos(tokenIn, amountIn, tokenIn == tokenA ? tokenB : tokenA, amountOut);
    }

    function exchangeNeg(address tokenIn, uint256 amountIn, uint256 amountOut) external {
        emit ExchangeNeg(tokenIn, amountIn, tokenIn == tokenA ? tokenB : tokenA, amountOut);
    }

    function addLiquidity(uint256 amountA, uint256 amountB) external {
        emit AddLiquidity(msg.sender, tokenA, amountA, tokenB, amountB, amountA);
    }

    function removeLiquidity(uint256 amountA, uint256 amountB) external {
        emit RemoveLiquidity(msg.sender, tokenA, amountA, tokenB, amountB, amountA);
    }
}

contract WombatPoolEvents {
    event Swap(address indexed sender, address fromToken, address toToken, uint256 fromAmount, uint256 toAmount, address indexed to);
    event Deposit(address indexed sender, address token, uint256 amount, uint256 liquidity, address indexed to);
    event Withdraw(address indexed sender, address token, uint256 amount, uint256 liquidity, address indexed to);

    function swap(address fromToken, address toToken, uint256 fromAmount, uint256 toAmount, address to) external {
        emit Swap(msg.sender, fromToken, toToken, fromAmount, toAmount, to);
    }

    function deposit(address token, uint256 amount, address to) external {
        emit Deposit(msg.sender, token, amount, amount, to);
    }

    function withdraw(address token, uint256 amount, address to) external {
        emit Withdraw(msg.sender, token, amount, amount, to);
    }
}
