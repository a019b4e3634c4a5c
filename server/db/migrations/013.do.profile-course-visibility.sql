-- What a student bought is theirs: the owner chooses whether signed-in readers of their profile see its purchased
-- courses ('Show my courses on my profile'). On for every existing account, as it was before the choice existed;
-- an instructor's teaching courses are public whatever it says.
ALTER TABLE users ADD COLUMN show_courses_on_profile boolean NOT NULL DEFAULT true;
