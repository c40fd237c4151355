mod evaluator;
